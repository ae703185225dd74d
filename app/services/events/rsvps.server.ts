import mongoose from 'mongoose'
import { EventModel, RsvpModel, UserModel, type Event, type Rsvp } from '#models/index'
import { isDuplicateKeyError, notFound, ServiceError } from '~/lib/service-error'
import { publicAssetUrl } from '~/platform/public-pictures.server'

/**
 * RSVPs (product §2 "Events"): any member says they are going to an event,
 * or no longer going, until it starts. One record per member and event
 * (docs/decisions/102).
 */

export const RSVP_CLOSED = 'This event has already started, so RSVPs are closed.'
/** How many attendees' avatars an event shows. */
export const ATTENDEES_SHOWN = 5

export interface Attendance {
	attendeeCount: number
	/** Whether the viewer is going. */
	going: boolean
	/** The first few who said they are going. */
	attendees: Array<{ id: number; name: string; avatar: string | null }>
}

const NOBODY: Attendance = { attendeeCount: 0, going: false, attendees: [] }

/**
 * Says the member is going (or not) to an event: one atomic upsert keyed on
 * the member and the event, so repeating it, or two tabs at once, leaves one
 * record. An unknown event is a 404; one that has started a 409.
 */
export async function setRsvp(
	actor: { id: number },
	eventId: number,
	going: boolean,
	now = new Date(),
): Promise<{ going: boolean; attendeeCount: number }> {
	const event = await EventModel.findOne({ id: eventId }).select('id startTime').lean<Pick<Event, 'id' | 'startTime'>>()
	if (!event) throw notFound('Event not found')
	if (new Date(event.startTime).getTime() <= now.getTime()) throw new ServiceError(RSVP_CLOSED, 409)
	const write = () =>
		RsvpModel.updateOne(
			{ eventId, userId: actor.id },
			{ $set: { going, updatedAt: now }, $setOnInsert: { eventId, userId: actor.id } },
			{ upsert: true },
		)
	try {
		await write()
	} catch (error) {
		// On MongoDB two racing first answers meet the unique index: the second one updates the record the first made.
		if (!isDuplicateKeyError(error)) throw error
		await write()
	}
	return { going, attendeeCount: await RsvpModel.countDocuments({ eventId, going: true }) }
}

/**
 * Who is going to each of some events, the same for whoever asks: the ids in
 * the order they said so, and the first few's faces. Held between visits by
 * the upcoming events (events.server.ts), so it is never changed.
 */
export type WhoIsGoing = ReadonlyMap<number, WhoIsGoingTo>

interface WhoIsGoingTo {
	goingIds: number[]
	/** The first ATTENDEES_SHOWN's faces (a card's). */
	attendees: Attendance['attendees']
	/** The first `faced`'s (an event's page lists ATTENDEES_LISTED). */
	listed: Attendance['attendees']
}

/**
 * Who is going to each of the events: one query for the answers, one for
 * the faces of the first `faced` of each (a card shows ATTENDEES_SHOWN, an
 * event's page lists ATTENDEES_LISTED from the same read, decision 251).
 */
export async function readWhoIsGoing(eventIds: number[], faced = ATTENDEES_SHOWN): Promise<WhoIsGoing> {
	const whoIsGoing = new Map<number, WhoIsGoingTo>()
	if (eventIds.length === 0) return whoIsGoing
	const rsvps = await RsvpModel.find({ eventId: mongoose.trusted({ $in: eventIds }), going: true })
		.sort({ updatedAt: 1 })
		.select('eventId userId')
		.lean<Array<Pick<Rsvp, 'eventId' | 'userId'>>>()
	const shownIds = new Set<number>()
	const byEvent = new Map<number, number[]>()
	for (const rsvp of rsvps) {
		const list = byEvent.get(rsvp.eventId) ?? []
		list.push(rsvp.userId)
		byEvent.set(rsvp.eventId, list)
		if (list.length <= Math.max(faced, ATTENDEES_SHOWN)) shownIds.add(rsvp.userId)
	}
	const people = shownIds.size
		? await UserModel.find({ id: mongoose.trusted({ $in: [...shownIds] }) })
				.select('id name avatar')
				.lean<Array<{ id: number; name: string; avatar?: string | null }>>()
		: []
	const faces = new Map(
		people.map((person) => [person.id, { id: person.id, name: person.name, avatar: publicAssetUrl(person.avatar) }]),
	)
	const facesOf = (ids: number[]) => ids.flatMap((id) => (faces.has(id) ? [faces.get(id)!] : []))
	for (const eventId of eventIds) {
		const goingIds = byEvent.get(eventId) ?? []
		whoIsGoing.set(eventId, {
			goingIds,
			attendees: facesOf(goingIds.slice(0, ATTENDEES_SHOWN)),
			listed: facesOf(goingIds.slice(0, faced)),
		})
	}
	return whoIsGoing
}

/** What the viewer sees of who is going to each event: how many, the first few, and whether they are. */
export function attendanceFor(viewerId: number, whoIsGoing: WhoIsGoing): Map<number, Attendance> {
	const attendance = new Map<number, Attendance>()
	for (const [eventId, { goingIds, attendees }] of whoIsGoing)
		attendance.set(eventId, { attendeeCount: goingIds.length, going: goingIds.includes(viewerId), attendees })
	return attendance
}

/** Who is going to each of the events, and whether the viewer is. */
export async function getAttendance(viewerId: number, eventIds: number[]): Promise<Map<number, Attendance>> {
	return attendanceFor(viewerId, await readWhoIsGoing(eventIds))
}

/** product §9: how many of the people going an event's page names. */
export const ATTENDEES_LISTED = 50

/**
 * Who is going to one event (its page): the first ATTENDEES_LISTED in the
 * order they said so, and how many there are in all, from the read that
 * gave the member's own answer (`readWhoIsGoing(…, ATTENDEES_LISTED)`,
 * decision 251).
 */
export function listEventAttendees(going: WhoIsGoingTo | undefined): {
	total: number
	people: Array<{ id: number; name: string; avatar: string | null }>
} {
	return { total: going?.goingIds.length ?? 0, people: going?.listed ?? [] }
}

export function attendanceOf(attendance: Map<number, Attendance>, eventId: number): Attendance {
	return attendance.get(eventId) ?? NOBODY
}

/** The members going to an event (its change and cancellation notices, its reminder). */
export async function goingMemberIds(eventId: number): Promise<number[]> {
	const rsvps = await RsvpModel.find({ eventId, going: true }).select('userId').lean<Array<{ userId: number }>>()
	return rsvps.map((rsvp) => rsvp.userId)
}

/** The ids of the events a member is going to (their calendar feed). */
export async function eventIdsGoing(userId: number): Promise<number[]> {
	const rsvps = await RsvpModel.find({ userId, going: true }).select('eventId').lean<Array<{ eventId: number }>>()
	return rsvps.map((rsvp) => rsvp.eventId)
}

/** A member's answers, for their data export: which events, and going or not. */
export async function rsvpsOf(userId: number): Promise<Array<{ eventId: number; going: boolean }>> {
	return RsvpModel.find({ userId })
		.select('eventId going -_id')
		.sort({ eventId: 1 })
		.lean<Array<{ eventId: number; going: boolean }>>()
}

/** A deleted account's answers go; the events' attendee counts follow. */
export async function deleteRsvpsOf(userId: number): Promise<void> {
	await RsvpModel.deleteMany({ userId })
}
