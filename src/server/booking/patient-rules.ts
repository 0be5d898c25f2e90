/**
 * Booking step 2, the rules of who is booked (pure: it reads nothing): the patients of the booking as
 * drafts (an existing patient of the account, or a new one with the relationship the rules give), the
 * zone the booking's times are written in, the responsible party a minor needs, and the consents each
 * patient must have given. A refusal throws the catalogue's error.
 */
import type { CreateAppointmentBody } from '@/generated/entities';
import type { Relationship } from '@/generated/enums';
import type { MessageKey } from '@/generated/messages';
import { consentsRequired, consentsValid } from '@/domain/consents';
import { isTimeZone } from '@/domain/date-format';
import { zoneOfAddress } from '@/domain/address-zone';
import { todayIso } from '@/domain/dates';
import { message, messageTemplate } from '@/domain/messages';
import { fullName } from '@/domain/names';
import { newPatientRelationship, relationshipProblems, responsiblePartyFor, type BookingPerson } from '@/domain/booking-patients';
import type { UserRow } from '../accounts/repository';
import { AppError } from '../errors';
import type { AccountPatient } from './claim-key';

/** The most patients one session books. */
const MAX_PATIENTS = 6;

export type BookingBody = CreateAppointmentBody & { email?: string };

export interface PatientDraft {
  index: number;
  /** the patient's id: an existing patient's, or a new one's once the commit has inserted it */
  id?: string;
  isNew: boolean;
  firstName: string;
  lastName: string;
  relationship: Relationship;
  dateOfBirth: string | null;
  gender?: string;
  phoneNumber?: string;
  email?: string;
  consents: BookingBody['patients'][number]['consents'];
  hasSignedConsent: boolean;
}

export interface PatientPlan {
  drafts: PatientDraft[];
  /** the zone the booking's times are written in (the reader's) */
  timeZone: string;
  /** the booking's day (UTC), for ages */
  today: string;
  party: ReturnType<typeof responsiblePartyFor>;
}

export function invalid(field: string, key: MessageKey): AppError {
  return new AppError('VALIDATION_FAILED', { errors: [{ field, keyword: 'x-booking', message: message(key as never) }] });
}

function draftsOf(body: BookingBody, existing: AccountPatient[]): PatientDraft[] {
  const byId = new Map(existing.map((p) => [p.id, p]));
  const hasSelf = existing.some((p) => p.relationship === 'Self');
  let firstNewSeen = false;
  const seen = new Set<string>();
  return body.patients.map((p, index) => {
    if (p.id) {
      const row = byId.get(p.id);
      if (!row || seen.has(p.id)) throw new AppError('NOT_FOUND');
      seen.add(p.id);
      return {
        index,
        id: row.id,
        isNew: false,
        firstName: row.first_name,
        lastName: row.last_name,
        relationship: row.relationship,
        dateOfBirth: row.date_of_birth,
        consents: p.consents,
        hasSignedConsent: row.signed,
      };
    }
    const relationship = newPatientRelationship(p.relationship, hasSelf, !firstNewSeen);
    firstNewSeen = true;
    if (!relationship) throw invalid(`patients.${index}.relationship`, 'validation.relationship.required');
    return {
      index,
      isNew: true,
      firstName: p.firstName!.trim(),
      lastName: p.lastName!.trim(),
      relationship,
      dateOfBirth: p.dateOfBirth ?? null,
      gender: p.gender,
      phoneNumber: p.phoneNumber,
      email: p.email,
      consents: p.consents,
      hasSignedConsent: false,
    };
  });
}

/**
 * The patients of a booking checked against the account's (`existing`); `fallbackZones` are the
 * practice's and the provider's zones, used when neither the account nor the booking names one.
 */
export function checkPatientRules(
  body: BookingBody,
  account: UserRow,
  existing: AccountPatient[],
  fallbackZones: { practice: string | null; provider: string },
  now: Date,
): PatientPlan {
  const accountSelf = existing.find((p) => p.relationship === 'Self');
  if (body.timeZone !== undefined && !isTimeZone(body.timeZone))
    throw new AppError('VALIDATION_FAILED', { errors: [{ field: 'timeZone', keyword: 'enum', message: messageTemplate('validation.default.enum') }] });
  // The zone the account reads times in; else the one the booking's device suggests (the patient's browser), then
  // the one its address lies in (a support booking has no device of the caller's); the provider's last: a booking's
  // times are the reader's.
  const addressZone = zoneOfAddress(account.address ?? body.responsibleParty?.address ?? {});
  const timeZone = account.time_zone ?? body.timeZone ?? accountSelf?.time_zone ?? addressZone ?? fallbackZones.practice ?? fallbackZones.provider;
  const today = todayIso(now);

  const drafts = draftsOf(body, existing);
  if (drafts.length > MAX_PATIENTS) throw new AppError('BOOKING_DETAILS_MISMATCH');

  const people: BookingPerson[] = drafts.map((d) => ({ relationship: d.relationship, dateOfBirth: d.dateOfBirth, isNew: d.isNew }));
  const problems = relationshipProblems(
    people,
    existing.map((p) => p.relationship),
    body.counselingType,
  );
  if (problems.length) throw invalid(`patients.${problems[0]!.index}.relationship`, 'validation.relationship.required');

  const holderDob = accountSelf ? accountSelf.date_of_birth : (drafts.find((d) => d.relationship === 'Self')?.dateOfBirth ?? account.date_of_birth);
  const party = responsiblePartyFor(people, body.responsibleParty ? { dob: body.responsibleParty.dob } : undefined, { dateOfBirth: holderDob }, today);
  if (party.kind === 'missing') throw new AppError('RESPONSIBLE_PARTY_NOT_CREATED');

  for (const d of drafts) {
    if (!consentsRequired({ relationship: d.relationship, dateOfBirth: d.dateOfBirth }, today)) continue;
    if (consentsValid(d.consents) || (!d.consents?.length && d.hasSignedConsent)) continue;
    throw new AppError('CONSENT_REQUIRED', { params: { patient: fullName(d) } });
  }
  return { drafts, timeZone, today, party };
}
