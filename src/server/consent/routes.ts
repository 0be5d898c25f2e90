/** Consent calls of product-spec §7 Patients and front desk: template, create, sign, verify, PDF. */
import type { FastifyRequest } from 'fastify';
import { constants } from '@/generated/constants';
import type { ConsentRecord } from '@/generated/entities';
import type { AppType } from '@/generated/enums';
import { todayIso } from '@/domain/dates';
import { guardianConsentText } from '@/domain/consents';
import { isMinor } from '@/domain/minor';
import { reachPatient, reachRecord, type PatientRecord } from '@/server/accounts/reach';
import { userById } from '@/server/accounts/repository';
import { consentText, consentTitle, recordName, signerCapacity } from '@/server/booking/consent-text';
import { AppError } from '@/server/errors';
import { callerOf } from '@/server/plugins/auth';
import { audienceOf } from '@/server/plugins/errors';
import { patientOfToken } from '@/server/front-desk/patient-token';
import type { Handlers } from '../routes/registry';
import { fullName } from '@/domain/names';
import { reachesEveryAccount } from '@/domain/permissions';
import { reachOwnClient } from '@/server/care/clients';
import { inAccountLocale } from '@/server/locale';
import {
  consentByIdQuery,
  consentRowOf,
  consentOfPatient,
  consentRowById,
  insertConsent,
  isPatientOfAppointment,
  signConsent,
  verifyConsent,
  type ConsentRow,
} from '@/server/consent/repository';

function out(c: ConsentRow): ConsentRecord {
  return {
    id: c.id,
    patientId: c.patient_id,
    consentType: c.consent_type,
    selfPayConsentCategory: c.self_pay_consent_category,
    version: c.version,
    text: c.text,
    signed: c.signed_at !== null,
    signedAt: c.signed_at ? new Date(c.signed_at).toISOString() : null,
    signerName: c.signer_name,
    signerCapacity: c.signer_capacity,
    verified: c.verified_at !== null,
    verifiedAt: c.verified_at ? new Date(c.verified_at).toISOString() : null,
    source: c.source,
    appointmentId: c.appointment_id,
  };
}

function reachConsent(request: FastifyRequest, id: string, action: string): Promise<ConsentRow> {
  return reachRecord(request, 'consent', id, action, consentByIdQuery).then(consentRowOf);
}

/**
 * The consent of a signed PDF: staff and the account holder reach it with its account; a clinician only
 * when the patient is one of their own clients (reachOwnClient: anyone else is NOT_FOUND, audited).
 */
async function reachConsentPdf(request: FastifyRequest, patientId: string, consentId: string): Promise<ConsentRow> {
  const caller = callerOf(request);
  if (!caller.permissions.isClinician || reachesEveryAccount(caller.groups)) return reachConsent(request, consentId, 'getConsentPdf');
  await reachOwnClient(request, patientId, 'getConsentPdf');
  const row = await consentOfPatient(request.server.database, consentId, patientId);
  if (!row) throw new AppError('NOT_FOUND');
  request.auditTarget = { type: 'consent', id: row.id };
  return row;
}

async function consentById(request: FastifyRequest, id: string): Promise<ConsentRow> {
  return (await consentRowById(request.server.database, id))!;
}

/** Signs consent {id}: the signer's name and capacity (for themself, or parent / legal guardian of a minor) and the time. */
async function sign(request: FastifyRequest, consent: ConsentRow, signerName: string | undefined, source: AppType): Promise<ConsentRecord> {
  if (consent.signed_at) return out(consent);
  const caller = callerOf(request);
  const name = signerName ?? recordName((await userById(request.server.database, caller.userId))!);
  const capacity = signerCapacity(
    { firstName: consent.patient_first_name, lastName: consent.patient_last_name, dateOfBirth: consent.patient_dob },
    name,
    todayIso(request.server.clock.now()),
  );
  await signConsent(request.server.database, consent.id, { name, capacity, by: caller.userId, source });
  return out(await consentById(request, consent.id));
}

async function verify(request: FastifyRequest, consent: ConsentRow) {
  const verified = consent.signed_at !== null && consent.version === constants.consentTemplateVersion;
  if (verified && !consent.verified_at) {
    await verifyConsent(request.server.database, consent.id, callerOf(request).userId);
  }
  return { verified, consent: out(await consentById(request, consent.id)) };
}

export const consentHandlers: Handlers = {
  async getConsentTemplate(request) {
    const { patientIds = [], patientName, consentType = 'bookAppointmentConsent', selfPayConsentCategory } = request.query;
    const patients: PatientRecord[] = [];
    for (const id of patientIds) patients.push(await reachPatient(request, id, 'getConsentTemplate'));
    const today = todayIso(request.server.clock.now());
    const caller = callerOf(request);
    const fallbackName = patientName ?? recordName((await userById(request.server.database, caller.userId))!);
    const first = patients[0] ? recordName(patients[0]) : fallbackName;
    return {
      consentType,
      version: constants.consentTemplateVersion,
      title: consentTitle(consentType),
      consentText: consentText(consentType, first, selfPayConsentCategory),
      patients: patients.map((p) => {
        const name = recordName(p);
        const minor = isMinor(p.date_of_birth, today);
        return {
          patientId: p.id,
          name,
          isMinor: minor,
          signerCapacity: minor ? guardianConsentText({ firstName: p.first_name, lastName: p.last_name }) : null,
          consentText: consentText(consentType, name, selfPayConsentCategory),
        };
      }),
    };
  },

  async createPatientConsent(request, reply) {
    const patient = await reachPatient(request, request.params.id, 'createPatientConsent');
    const { consentType, selfPayConsentCategory, appointmentId } = request.body;
    if (appointmentId) {
      if (!(await isPatientOfAppointment(request.server.database, appointmentId, patient.id))) throw new AppError('NOT_FOUND');
    }
    const id = await insertConsent(request.server.database, {
      patientId: patient.id,
      accountId: patient.account_id,
      consentType,
      category: consentType === 'paymentConsent' ? (selfPayConsentCategory ?? 'selfPay') : null,
      version: constants.consentTemplateVersion,
      text: consentText(consentType, recordName(patient), selfPayConsentCategory),
      source: audienceOf(request),
      appointmentId: appointmentId ?? null,
      createdBy: callerOf(request).userId,
    });
    request.auditTarget = { type: 'consent', id };
    reply.status(201);
    return out(await consentById(request, id));
  },

  async signConsent(request) {
    const consent = await reachConsent(request, request.params.id, 'signConsent');
    return sign(request, consent, request.body.signerName, audienceOf(request));
  },

  async verifyConsent(request) {
    return verify(request, await reachConsent(request, request.params.id, 'verifyConsent'));
  },

  async signFrontDeskConsent(request) {
    const consent = await reachConsent(request, request.params.id, 'signFrontDeskConsent');
    // Only the patient who confirmed their date of birth on the device signs (product-spec §3 patient auth);
    // the refusal's audit row names the consent (request.auditTarget).
    if ((await patientOfToken(request.server.keys, request.body.patientToken, request.server.clock.now())) !== consent.patient_id) {
      throw new AppError('PATIENT_TOKEN_INVALID');
    }
    return sign(request, consent, request.body.signerName, 'support_web');
  },

  async verifyFrontDeskConsent(request) {
    return verify(request, await reachConsent(request, request.params.id, 'verifyFrontDeskConsent'));
  },

  async getConsentPdf(request, reply) {
    const consent = await reachConsentPdf(request, request.params.id, request.params.consentId);
    if (consent.patient_id !== request.params.id) throw new AppError('NOT_FOUND');
    if (!consent.signed_at || !consent.signer_name) throw new AppError('CONSENT_NOT_SIGNED');
    // The PDF writer (pdf-lib) is loaded with the first consent PDF, not at start.
    const { consentPdf } = await import('@/server/booking/consent-pdf');
    const signerName = consent.signer_name;
    const signedAt = new Date(consent.signed_at).toISOString();
    // Written in the account's language (else the request's); the text is the one signed, as signed.
    const pdf = await inAccountLocale(request, consent.account_id, () =>
      consentPdf({
        title: consentTitle(consent.consent_type),
        patientName: fullName({ firstName: consent.patient_first_name, lastName: consent.patient_last_name }),
        signerName,
        signerCapacity: consent.signer_capacity ?? '',
        signedAt,
        timeZone: consent.time_zone ?? constants.callCenterTimeZone,
        version: consent.version,
        text: consent.text,
      }),
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="consent-${consent.id}.pdf"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(pdf));
  },
};
