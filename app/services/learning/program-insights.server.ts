import mongoose from 'mongoose'
import { CertificateModel, PodMemberModel, ProgramEnrolmentModel, ProgramModel, type Program } from '#models/index'
import { type CohortFigures, type Insights, type ProgramFigures } from '~/lib/insights'

/**
 * The programs part of Insights (product §2 "Insights"; docs/decisions/151):
 * enrolments, completion by module (a funnel), the median days from start to
 * completion and the certificates issued, per program and over all of them.
 * The funnel counts each enrolment's modules complete as they stood when the
 * member last made progress (kept on the enrolment), so it is counted by the
 * database, not by walking every member's items.
 */

const DAY_MS = 86_400_000

function median(values: number[]): number | null {
	if (values.length === 0) return null
	const sorted = [...values].sort((a, b) => a - b)
	const middle = Math.floor(sorted.length / 2)
	const value = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
	return Math.round(value * 10) / 10
}

export async function programFigures(): Promise<Insights['programs']> {
	const [programs, enrolmentRows, moduleRows, completed, certificateRows] = await Promise.all([
		// Whole documents: a handful of programs, and the emulator cannot project inside an array (`modules.id`).
		ProgramModel.find().sort({ id: 1 }).lean<Program[]>(),
		ProgramEnrolmentModel.aggregate<{ _id: number; enrolments: number; completions: number }>([
			{
				$group: {
					_id: '$programId',
					enrolments: { $sum: 1 },
					completions: { $sum: { $cond: [{ $eq: [{ $ifNull: ['$completedAt', null] }, null] }, 0, 1] } },
				},
			},
		]),
		ProgramEnrolmentModel.aggregate<{ _id: { program: number; module: number }; count: number }>([
			{ $unwind: '$doneModuleIds' },
			{ $group: { _id: { program: '$programId', module: '$doneModuleIds' }, count: { $sum: 1 } } },
		]),
		ProgramEnrolmentModel.find({ completedAt: mongoose.trusted({ $type: 'date' }) })
			.select('programId startedAt completedAt')
			.lean<Array<{ programId: number; startedAt: Date; completedAt: Date }>>(),
		CertificateModel.aggregate<{ _id: number; issued: number; revoked: number }>([
			{
				$group: {
					_id: '$programId',
					issued: { $sum: 1 },
					revoked: { $sum: { $cond: [{ $eq: [{ $ifNull: ['$revokedAt', null] }, null] }, 0, 1] } },
				},
			},
		]),
	])
	const enrolments = new Map(enrolmentRows.map((row) => [row._id, row]))
	const moduleCounts = new Map(moduleRows.map((row) => [`${row._id.program}:${row._id.module}`, row.count]))
	const certificates = new Map(certificateRows.map((row) => [row._id, row]))
	const days = (rows: typeof completed) =>
		rows.map((row) => (new Date(row.completedAt).getTime() - new Date(row.startedAt).getTime()) / DAY_MS)
	const perProgram: ProgramFigures[] = programs.map((program) => {
		const counts = enrolments.get(program.id)
		const started = counts?.enrolments ?? 0
		return {
			programId: program.id,
			title: program.title,
			published: Boolean(program.published),
			enrolments: started,
			completions: counts?.completions ?? 0,
			completionRate: started ? (counts?.completions ?? 0) / started : null,
			medianDaysToComplete: median(days(completed.filter((row) => row.programId === program.id))),
			certificatesIssued: certificates.get(program.id)?.issued ?? 0,
			modules: (program.modules ?? []).map((module) => ({
				moduleId: module.id,
				title: module.title,
				completed: moduleCounts.get(`${program.id}:${module.id}`) ?? 0,
			})),
		}
	})
	return {
		pods: await podComparison(),
		enrolments: enrolmentRows.reduce((sum, row) => sum + row.enrolments, 0),
		completions: enrolmentRows.reduce((sum, row) => sum + row.completions, 0),
		medianDaysToComplete: median(days(completed)),
		certificatesIssued: certificateRows.reduce((sum, row) => sum + row.issued, 0),
		certificatesRevoked: certificateRows.reduce((sum, row) => sum + row.revoked, 0),
		perProgram,
	}
}

/**
 * Members who went through a program in a peer pod against those who went
 * alone (product §2 "Peer pods": "the figure the feature exists for",
 * decision 217): a member's start of a program counts as "in a pod" once
 * they were ever placed in a pod of it, whatever became of the pod.
 */
async function podComparison(): Promise<{ inPods: CohortFigures; alone: CohortFigures }> {
	const [placed, enrolments] = await Promise.all([
		PodMemberModel.find({ userId: mongoose.trusted({ $ne: null }) })
			.select('userId programId')
			.lean<Array<{ userId: number; programId: number }>>(),
		ProgramEnrolmentModel.find()
			.select('userId programId startedAt completedAt')
			.lean<Array<{ userId: number; programId: number; startedAt: Date; completedAt: Date | null }>>(),
	])
	const inPod = new Set(placed.map((row) => `${row.userId}:${row.programId}`))
	const cohort = (rows: typeof enrolments): CohortFigures => {
		const done = rows.filter((row) => row.completedAt)
		return {
			enrolments: rows.length,
			completions: done.length,
			completionRate: rows.length ? done.length / rows.length : null,
			medianDaysToComplete: median(
				done.map((row) => (new Date(row.completedAt!).getTime() - new Date(row.startedAt).getTime()) / DAY_MS),
			),
		}
	}
	return {
		inPods: cohort(enrolments.filter((row) => inPod.has(`${row.userId}:${row.programId}`))),
		alone: cohort(enrolments.filter((row) => !inPod.has(`${row.userId}:${row.programId}`))),
	}
}
