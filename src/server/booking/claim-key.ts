/**
 * Booking step 1, the key: the booking's idempotency key claimed on its own, in one statement that
 * also reads what the rules need first (the slot, its provider and the account's patients). Only one
 * request of a key runs past this step at a time; a key already answered replays its answer and
 * nothing else runs; a request refused later lets go of the claim (`letGo`), so a corrected request
 * with the same key starts over.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Relationship } from '@/generated/enums';
import { isUuid } from '@/domain/ids';
import type { Queryable } from '../db/connection';
import { claimKeyNow, claimKeyStatement, releaseKey, type IdempotencyScope, type Replay } from '../idempotency';
import { insuranceForInquirySql, type insuranceForInquiryOf } from '../insurance/repository';
import { sessionsWithProvider } from './appointments';
import { SLOT_COLUMNS, type SlotRow } from './holds';

/**
 * The slot (parameter 1) with its provider (2, not removed) and practice, and the account's patients
 * (3): for each patient, whether they signed the booking consent, their sessions with the provider
 * (follow-up pricing), and the insurance on file (4) when it is theirs (the insured booking's; null for
 * none). No row: no such slot of that provider.
 */
const bookingContextSql = (param: (n: number) => string) => `
  SELECT ${SLOT_COLUMNS}, p.pay_individual::text, p.pay_follow_up::text, p.plan_ids, pr.time_zone AS practice_time_zone,
         (SELECT coalesce(json_agg(ap ORDER BY ap.created_at, ap.id), '[]'::json) FROM (
            SELECT p.id, p.created_at, p.first_name, p.last_name, p.relationship, to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, p.time_zone,
                   EXISTS (SELECT 1 FROM consents c WHERE c.patient_id = p.id AND c.consent_type = 'bookAppointmentConsent' AND c.signed_at IS NOT NULL) AS signed,
                   (SELECT coalesce(json_agg(h), '[]'::json) FROM (${sessionsWithProvider('p.id', `${param(2)}::uuid`)}) h) AS sessions,
                   (SELECT row_to_json(i) FROM (${insuranceForInquirySql(`${param(4)}::uuid`, 'p.id')}) i) AS insurance
              FROM patients p WHERE p.user_id = ${param(3)}::uuid) ap) AS patients
    FROM slots s JOIN providers p ON p.id = s.provider_id LEFT JOIN practices pr ON pr.id = s.practice_id
   WHERE s.id = ${param(1)}::uuid AND s.provider_id = ${param(2)}::uuid AND p.removed_at IS NULL`;

/** The claim of the booking's key with what the booking reads first (bookingContextSql), in one round trip. */
const CLAIM_WITH_CONTEXT = claimKeyStatement(bookingContextSql);

/** The booking's slot, its provider and the account's patients, as bookingContextSql reads them (JSON). */
export type BookingContext = SlotRow & {
  pay_individual: string;
  pay_follow_up: string | null;
  plan_ids: number[];
  practice_time_zone: string | null;
  patients: AccountPatient[];
};

/** A patient of the booking's account, as bookingContextSql reads it. */
export interface AccountPatient {
  id: string;
  first_name: string;
  last_name: string;
  relationship: Relationship;
  date_of_birth: string | null;
  time_zone: string | null;
  signed: boolean;
  sessions: { start_at: string; status: 'booked' | 'cancelled' }[];
  insurance: Parameters<typeof insuranceForInquiryOf>[0] | null;
}

/** What a booking asks to read along with its key: ids the schema does not check as UUIDs are looked up only when they are. */
export interface ContextWanted {
  slotId: string;
  providerId: string;
  accountId: string;
  insuranceId?: string;
}

export type KeyClaim =
  | { replay: Replay }
  | {
      /** what the booking reads first; null: no such slot of that provider */
      context: BookingContext | null;
      /** lets go of the claim (the booking was refused or failed); a failure to do so is logged, the claim goes stale by itself */
      letGo: () => Promise<void>;
    };

export async function claimBookingKey(db: Queryable, scope: IdempotencyScope, now: Date, wanted: ContextWanted, log: FastifyBaseLogger): Promise<KeyClaim> {
  const claim = await claimKeyNow<BookingContext>(db, scope, now, {
    statement: CLAIM_WITH_CONTEXT,
    params: [
      isUuid(wanted.slotId) ? wanted.slotId : null,
      isUuid(wanted.providerId) ? wanted.providerId : null,
      wanted.accountId,
      wanted.insuranceId && isUuid(wanted.insuranceId) ? wanted.insuranceId : null,
    ],
  });
  if ('replay' in claim) return { replay: claim.replay };
  const { claimedAt } = claim;
  const letGo = () =>
    releaseKey(db, scope, claimedAt).catch((err: unknown) =>
      log.warn({ err }, 'could not let go of a booking key; it frees itself after bookingClaimStaleSeconds'),
    );
  return { context: claim.along, letGo };
}
