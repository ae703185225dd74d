import { ResourceModel, toResourceJSON, type Resource, type ResourceJSON } from '#models/index'

/** Every resource, newest first. */
export async function listResources(): Promise<ResourceJSON[]> {
	const resources = await ResourceModel.find().sort({ id: -1 }).lean<Resource[]>()
	return resources.map(toResourceJSON)
}

export async function getResource(id: number): Promise<ResourceJSON | null> {
	const resource = await ResourceModel.findOne({ id }).lean<Resource>()
	return resource ? toResourceJSON(resource) : null
}
