import mongoose from 'mongoose'
import { ResourceModel, toResourceJSON, type Resource, type ResourceJSON } from '#models/index'
import { type ResourceInput } from '~/lib/admin-schemas'
import { type PageWindow } from '~/lib/paging'
import { SEARCH_TITLE_WEIGHT } from '~/lib/search'
import { anyFieldContains } from '~/platform/contains-filter.server'
import { NEWEST_FIRST, placeInList } from '~/platform/list-place.server'
import { catalogueSearch, catalogueWriter } from '~/services/catalogue/writer.server'
import { type Actor } from '~/services/permissions.server'

interface ResourceFilters {
	search?: string
	type?: string
}

function resourceFilter({ search, type }: ResourceFilters): Record<string, unknown> {
	const filter: Record<string, unknown> = anyFieldContains(search, ['title', 'description'])
	if (type) filter.type = type
	return filter
}

/** Where a resource is in the admin table's list (docs/decisions/249): how many come before it, or null when the search leaves it out. */
export function placeOfResource({ id }: ResourceJSON, filters: ResourceFilters): Promise<number | null> {
	return placeInList(ResourceModel, resourceFilter(filters), NEWEST_FIRST, { id })
}

/** Resources, newest first, optionally filtered by a case-insensitive search (title or description) and a type; a page with `window`. */
export async function listResources(filters: ResourceFilters = {}, window?: PageWindow): Promise<ResourceJSON[]> {
	const resources = await ResourceModel.find(resourceFilter(filters))
		.sort(NEWEST_FIRST)
		.skip(window?.skip ?? 0)
		.limit(window?.limit ?? 0)
		.lean<Resource[]>()
	return resources.map(toResourceJSON)
}

/** How many resources a search finds (the "N results" line). */
export function countResources(filters: ResourceFilters): Promise<number> {
	return ResourceModel.countDocuments(resourceFilter(filters))
}

/** The distinct types in use, for the type tabs. */
export async function listResourceTypes(): Promise<string[]> {
	const types = await ResourceModel.distinct('type')
	return types.filter((type): type is string => typeof type === 'string' && type.length > 0).sort()
}

export async function getResource(id: number): Promise<ResourceJSON | null> {
	const resource = await ResourceModel.findOne({ id }).lean<Resource>()
	return resource ? toResourceJSON(resource) : null
}

/** Resources as the global search holds them (docs/decisions/166): their title and description, as the library lists them. */
export const resourceSearch = catalogueSearch(ResourceModel, (resource) => [
	{ text: resource.title, weight: SEARCH_TITLE_WEIGHT },
	{ text: resource.description ?? '', weight: 1 },
])

/** These resources (those that exist), by id. */
export async function getResources(ids: number[]): Promise<ResourceJSON[]> {
	const resources = await ResourceModel.find({ id: mongoose.trusted({ $in: ids }) }).lean<Resource[]>()
	return resources.map(toResourceJSON)
}

// Administration (product §2 "Resources").
const resourceWriter = catalogueWriter({
	model: ResourceModel,
	counter: 'resources',
	toJSON: toResourceJSON,
	notFoundMessage: 'Resource not found',
	audit: { type: 'resource', label: (resource) => resource.title },
	search: { kind: 'resource', read: resourceSearch.read },
})
export const createResource = (actor: Actor, input: ResourceInput) => resourceWriter.create(actor, input)
export const updateResource = (actor: Actor, id: number, changes: Partial<ResourceInput>) =>
	resourceWriter.update(actor, id, changes)
export const deleteResource = (actor: Actor, id: number) => resourceWriter.remove(actor, id)
