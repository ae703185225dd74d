import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * A certificate of a completed program (product §2 "Certificates",
 * docs/decisions/152): issued once per member and program, found by an
 * unguessable code anyone may be given. It keeps what it certifies as it
 * was when issued (the member's name, the program's title and modules), so
 * a renamed member or program, or a deleted program, does not change it.
 * Revoked by an admin; deleted with the member's account.
 */
export interface Certificate {
	id: number
	/** 22 URL-safe characters of 128 random bits. */
	code: string
	userId: number
	programId: number
	recipientName: string
	programTitle: string
	programSummary: string | null
	/** The modules' titles, in order. */
	modules: string[]
	issuedAt: Date
	revokedAt: Date | null
	revokedBy: number | null
	revocationReason: string | null
}

const certificateSchema = new Schema<Certificate>(
	{
		id: { type: Number, required: true, unique: true },
		code: { type: String, required: true, unique: true },
		userId: { type: Number, required: true },
		programId: { type: Number, required: true, index: true },
		recipientName: { type: String, required: true },
		programTitle: { type: String, required: true },
		programSummary: { type: String, default: null },
		modules: { type: [String], default: [] },
		issuedAt: { type: Date, required: true },
		revokedAt: { type: Date, default: null },
		revokedBy: { type: Number, default: null },
		revocationReason: { type: String, default: null },
	},
	{ id: false, versionKey: false },
)
// Once per member and program: on MongoDB the index backs the upsert that issues it.
certificateSchema.index({ userId: 1, programId: 1 }, { unique: true })

export const CertificateModel = defineModel<Certificate>('Certificate', certificateSchema)
