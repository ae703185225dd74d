import { randomBytes } from 'node:crypto'
import PDFDocument from 'pdfkit'
import { CertificateModel, UserModel, nextId, type Certificate, type Program } from '#models/index'
import { toIso } from '#models/model'
import { getConfig } from '~/config.server'
import { formatLongDate } from '~/lib/dates'
import { CERTIFICATE_CODE, CERTIFICATE_ISSUER, linkedInAddToProfileUrl, type CertificateJSON } from '~/lib/programs'
import { ServiceError, isDuplicateKeyError, notFound } from '~/lib/service-error'
import { signJwt } from '~/platform/credential-keys.server'
import { recordAudit } from '~/services/admin/audit.server'
import { notify } from '~/services/notifications/notifications.server'
import { USER_ADMIN_ROLES, assertActorRole, type Actor } from '~/services/permissions.server'

/**
 * Certificates anyone can verify (product §2 "Certificates",
 * docs/decisions/152). Completing a program issues one, once: an
 * unguessable code (128 random bits, 22 URL-safe characters), the member's
 * name at that moment, the program and its modules, the date. Anyone with
 * the code reads it at /certificates/{code}, prints it (.pdf, made with
 * pdfkit) or takes it as an Open Badges 3.0 Verifiable Credential signed as
 * a JWT with the site's Ed25519 key (.json, signed with jose), whose public
 * key is /.well-known/jwks.json. Admins revoke; the member's account
 * deletion removes theirs.
 */

/** GET /.well-known/jwks.json: the public key that verifies the credentials. */
export { publicJwks } from '~/platform/credential-keys.server'

export const CERTIFICATE_NOT_FOUND = 'Certificate not found'

/** A certificate as its public page, its PDF and its credential show it. */
export interface CertificateView {
	code: string
	recipientName: string
	programId: number
	programTitle: string
	programSummary: string | null
	modules: string[]
	issuedAt: string
	revokedAt: string | null
	status: 'valid' | 'revoked'
	issuer: string
	url: string
	pdfUrl: string
	credentialUrl: string
	linkedInUrl: string
}

function viewOf(certificate: Certificate, origin: string): CertificateView {
	const url = `${origin}/certificates/${certificate.code}`
	const issuedAt = toIso(certificate.issuedAt)!
	return {
		code: certificate.code,
		recipientName: certificate.recipientName,
		programId: certificate.programId,
		programTitle: certificate.programTitle,
		programSummary: certificate.programSummary ?? null,
		modules: certificate.modules,
		issuedAt,
		revokedAt: toIso(certificate.revokedAt),
		status: certificate.revokedAt ? 'revoked' : 'valid',
		issuer: CERTIFICATE_ISSUER,
		url,
		pdfUrl: `${url}.pdf`,
		credentialUrl: `${url}.json`,
		linkedInUrl: linkedInAddToProfileUrl({ name: certificate.programTitle, issuedAt, url, code: certificate.code }),
	}
}

/**
 * Issues the member's certificate of a program they just completed, once:
 * one atomic upsert per member and program (decision 136), so a second
 * completion, or two at once, issue nothing more. Returns it when this call
 * issued it. The audit log records it (as the system's doing) and the member
 * is notified.
 */
export async function issueCertificate(
	learner: { id: number },
	program: Pick<Program, 'id' | 'title' | 'summary' | 'modules'>,
	now = new Date(),
): Promise<Certificate | null> {
	if (await CertificateModel.exists({ userId: learner.id, programId: program.id })) return null
	const member = await UserModel.findOne({ id: learner.id }).select('name').lean<{ name: string }>()
	if (!member) return null
	const certificate: Certificate = {
		id: await nextId('certificates'),
		code: randomBytes(16).toString('base64url'),
		userId: learner.id,
		programId: program.id,
		recipientName: member.name,
		programTitle: program.title,
		programSummary: program.summary ?? null,
		modules: program.modules.map((module) => module.title),
		issuedAt: now,
		revokedAt: null,
		revokedBy: null,
		revocationReason: null,
	}
	try {
		const result = await CertificateModel.updateOne(
			{ userId: learner.id, programId: program.id },
			{ $setOnInsert: certificate },
			{ upsert: true },
		)
		if (result.upsertedCount !== 1) return null
	} catch (error) {
		// MongoDB: another request issued it a moment earlier.
		if (isDuplicateKeyError(error)) return null
		throw error
	}
	await recordAudit('system', {
		kind: 'certificate.issued',
		target: { type: 'certificate', id: certificate.id, label: `${program.title}: ${member.name}` },
		summary: `Issued the certificate of "${program.title}" to ${member.name}`,
	})
	await notify(learner.id, {
		kind: 'certificate_issued',
		title: `Certificate earned: ${program.title}`,
		text: `You completed ${program.title}. Your certificate is ready to share.`,
		link: `/certificates/${certificate.code}`,
		onceKey: `certificate:${program.id}`,
	})
	return certificate
}

async function findByCode(code: string): Promise<Certificate | null> {
	if (!CERTIFICATE_CODE.test(code)) return null
	return CertificateModel.findOne({ code }).lean<Certificate>()
}

/** The public page's certificate, and whose it is (so its owner gets "Add to LinkedIn"); null when there is none. */
export async function getCertificate(
	code: string,
	origin: string,
): Promise<(CertificateView & { ownerId: number }) | null> {
	const certificate = await findByCode(code)
	return certificate ? { ...viewOf(certificate, origin), ownerId: certificate.userId } : null
}

/** GET /api/certificates: the member's own certificates, newest first. */
export async function listMyCertificates(userId: number, origin: string): Promise<CertificateJSON[]> {
	const certificates = await CertificateModel.find({ userId }).sort({ id: -1 }).lean<Certificate[]>()
	return certificates.map((certificate) => {
		const view = viewOf(certificate, origin)
		return {
			code: view.code,
			programId: view.programId,
			programTitle: view.programTitle,
			recipientName: view.recipientName,
			modules: view.modules,
			issuedAt: view.issuedAt,
			revokedAt: view.revokedAt,
			url: view.url,
			pdfUrl: view.pdfUrl,
			credentialUrl: view.credentialUrl,
			linkedInUrl: view.linkedInUrl,
		}
	})
}

/** "Download my data": the member's certificates, with their addresses. */
export function exportCertificatesOf(userId: number) {
	return listMyCertificates(userId, getConfig().mail.linkOrigin)
}

/** The member's certificate of one program, if they hold one. */
export async function certificateOf(userId: number, programId: number) {
	const certificate = await CertificateModel.findOne({ userId, programId })
		.select('code revokedAt')
		.lean<Pick<Certificate, 'code' | 'revokedAt'>>()
	return certificate
		? { code: certificate.code, url: `/certificates/${certificate.code}`, revoked: Boolean(certificate.revokedAt) }
		: null
}

/** One certificate by its id, for the revoke dialog. Admins only. */
export async function getCertificateForAdmin(actor: Actor, id: number): Promise<Certificate> {
	assertActorRole(actor, USER_ADMIN_ROLES)
	const certificate = await CertificateModel.findOne({ id }).lean<Certificate>()
	if (!certificate) throw notFound(CERTIFICATE_NOT_FOUND)
	return certificate
}

/**
 * An admin revokes a certificate: its page then says so, its credential no
 * longer carries a signature, and the audit log records who and why.
 */
export async function revokeCertificate(
	actor: Actor,
	id: number,
	reason: string | null,
	now = new Date(),
): Promise<Certificate> {
	const certificate = await getCertificateForAdmin(actor, id)
	const revoked = await CertificateModel.findOneAndUpdate(
		{ id, revokedAt: null },
		{ $set: { revokedAt: now, revokedBy: actor.id, revocationReason: reason } },
		{ new: true },
	).lean<Certificate>()
	if (!revoked) throw new ServiceError('This certificate is already revoked', 409)
	await recordAudit(actor, {
		kind: 'certificate.revoked',
		target: { type: 'certificate', id, label: `${certificate.programTitle}: ${certificate.recipientName}` },
		summary: `Revoked the certificate of "${certificate.programTitle}" of ${certificate.recipientName}${reason ? `: ${reason}` : ''}`,
	})
	return revoked
}

// ---------------------------------------------------------------------------
// The credential: Open Badges 3.0, as a W3C Verifiable Credential signed as a JWT
// ---------------------------------------------------------------------------

/** The Open Badges 3.0 credential of a certificate (an OpenBadgeCredential, W3C VC Data Model 2.0). */
export function openBadgeCredential(view: CertificateView, origin: string) {
	return {
		'@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
		id: view.url,
		type: ['VerifiableCredential', 'OpenBadgeCredential'],
		name: `${view.programTitle}: certificate of completion`,
		issuer: { id: origin, type: ['Profile'], name: view.issuer, url: origin },
		validFrom: view.issuedAt,
		credentialSubject: {
			type: ['AchievementSubject'],
			// No account address or email: the name on the certificate is who it is for.
			identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: view.recipientName }],
			achievement: {
				id: `${origin}/programs/${view.programId}`,
				type: ['Achievement'],
				achievementType: 'Certificate',
				name: view.programTitle,
				description: view.programSummary ?? `The ${view.programTitle} program of ${view.issuer}.`,
				criteria: {
					narrative: `Completed every module of the program: ${view.modules.join('; ')}.`,
				},
			},
		},
	}
}

/**
 * GET /certificates/{code}.json: the credential and its JWT (Open Badges 3.0
 * §8.2: the credential is the payload, with `iss`, `jti` and `nbf`), signed
 * with the site's Ed25519 key. A revoked certificate answers its status and
 * the credential as it was, unsigned: the site no longer vouches for it.
 */
export async function certificateCredential(code: string, origin: string) {
	const certificate = await findByCode(code)
	if (!certificate) return null
	const view = viewOf(certificate, origin)
	const credential = openBadgeCredential(view, origin)
	const jwt =
		view.status === 'revoked'
			? null
			: await signJwt({
					...credential,
					iss: origin,
					jti: view.url,
					nbf: Math.floor(new Date(view.issuedAt).getTime() / 1000),
				})
	return {
		status: view.status,
		revokedAt: view.revokedAt,
		credential,
		jwt,
		verificationKeys: `${origin}/.well-known/jwks.json`,
	}
}

// ---------------------------------------------------------------------------
// The printable certificate
// ---------------------------------------------------------------------------

const INK = '#111827'
const MUTED = '#4b5563'
const BRAND = '#4338ca'

/** GET /certificates/{code}.pdf: an A4 landscape certificate, with where to verify it. */
export async function certificatePdf(code: string, origin: string): Promise<Buffer | null> {
	const certificate = await findByCode(code)
	if (!certificate) return null
	const view = viewOf(certificate, origin)
	const doc = new PDFDocument({
		size: 'A4',
		layout: 'landscape',
		margin: 60,
		info: {
			Title: `${view.programTitle}: certificate of completion`,
			Author: view.issuer,
			Subject: `${view.recipientName} completed ${view.programTitle}`,
		},
	})
	const chunks: Buffer[] = []
	doc.on('data', (chunk: Buffer) => chunks.push(chunk))
	const finished = new Promise<void>((resolve, reject) => {
		doc.on('end', resolve)
		doc.on('error', reject)
	})
	const { width, height } = doc.page
	doc
		.lineWidth(3)
		.strokeColor(BRAND)
		.rect(24, 24, width - 48, height - 48)
		.stroke()
	doc
		.lineWidth(1)
		.rect(34, 34, width - 68, height - 68)
		.stroke()
	doc.moveDown(1.5)
	doc
		.font('Helvetica-Bold')
		.fontSize(14)
		.fillColor(BRAND)
		.text(view.issuer.toUpperCase(), { align: 'center', characterSpacing: 3 })
	doc.moveDown(0.8)
	doc.font('Helvetica-Bold').fontSize(34).fillColor(INK).text('Certificate of Completion', { align: 'center' })
	doc.moveDown(0.8)
	doc.font('Helvetica').fontSize(14).fillColor(MUTED).text('This certifies that', { align: 'center' })
	doc.moveDown(0.4)
	doc.font('Helvetica-Bold').fontSize(28).fillColor(INK).text(view.recipientName, { align: 'center' })
	doc.moveDown(0.4)
	doc.font('Helvetica').fontSize(14).fillColor(MUTED).text('completed the program', { align: 'center' })
	doc.moveDown(0.4)
	doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text(view.programTitle, { align: 'center' })
	doc.moveDown(0.6)
	doc
		.font('Helvetica')
		.fontSize(11)
		.fillColor(MUTED)
		.text(`Modules: ${view.modules.join(' · ')}`, { align: 'center' })
	doc.moveDown(0.6)
	doc
		.font('Helvetica')
		.fontSize(13)
		.fillColor(INK)
		.text(`Issued on ${formatLongDate(view.issuedAt, 'UTC')}`, { align: 'center' })
	if (view.revokedAt) {
		doc.moveDown(0.6)
		doc
			.font('Helvetica-Bold')
			.fontSize(16)
			.fillColor('#b91c1c')
			.text(`Revoked on ${formatLongDate(view.revokedAt, 'UTC')}`, {
				align: 'center',
			})
	}
	doc
		.font('Helvetica')
		.fontSize(10)
		.fillColor(MUTED)
		.text(`Verify it at ${view.url}`, 60, height - 90, {
			align: 'center',
			width: width - 120,
			link: view.url,
		})
	doc.end()
	await finished
	return Buffer.concat(chunks)
}
