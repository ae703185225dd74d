import { ResourceModel, toResourceJSON, type Resource, type ResourceJSON } from '#models/index'
import { type ResourceInput } from '~/lib/admin-schemas'
import { catalogueWriter } from './catalogue-writer.server'
import { type Actor } from './permissions.server'

/** Every resource, newest first. */
export async function listResources(): Promise<ResourceJSON[]> {
	const resources = await ResourceModel.find().sort({ id: -1 }).lean<Resource[]>()
	return resources.map(toResourceJSON)
}

export async function getResource(id: number): Promise<ResourceJSON | null> {
	const resource = await ResourceModel.findOne({ id }).lean<Resource>()
	return resource ? toResourceJSON(resource) : null
}

// Administration (SPEC §2 "Resources").
const resourceWriter = catalogueWriter({
	model: ResourceModel,
	counter: 'resources',
	toJSON: toResourceJSON,
	notFoundMessage: 'Resource not found',
})
export const createResource = (actor: Actor, input: ResourceInput) => resourceWriter.create(actor, input)
export const updateResource = (actor: Actor, id: number, changes: Partial<ResourceInput>) => resourceWriter.update(actor, id, changes)
export const deleteResource = (actor: Actor, id: number) => resourceWriter.remove(actor, id)
