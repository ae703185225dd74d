import { CommunityModel, toCommunityJSON, type Community, type CommunityJSON } from '#models/index'

export async function listCommunities(): Promise<CommunityJSON[]> {
	const communities = await CommunityModel.find().sort({ id: 1 }).lean<Community[]>()
	return communities.map(toCommunityJSON)
}

export async function getCommunity(id: number): Promise<CommunityJSON | null> {
	const community = await CommunityModel.findOne({ id }).lean<Community>()
	return community ? toCommunityJSON(community) : null
}
