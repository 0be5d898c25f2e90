/**
 * Booking step 1, the key: the booking's idempotency key claimed on its own, in one statement that
 * also reads what the rules need first (the slot, its provider and the account's patients). Only one
 * request of a key runs past this step at a time; a key already answered replays its answer and
 * nothing else runs; a request refused later lets go of the claim (`letGo`), so a corrected request
 * with the same key starts over.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Expression, ShallowDehydrateObject } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Relationship } from '@/generated/enums';
import { isUuid } from '@/domain/ids';
import type { Queryable } from '../db/connection';
import { isoDay, sql, type Param, type RowOf } from '../db/typed';
import { claimKeyNow, claimKeyStatement, releaseKey, type IdempotencyScope, type Replay } from '../idempotency';
import { insuranceForInquiryQuery } from '../insurance/repository';
import { sessionsWithProvider } from './appointments';
import { slotSelect } from './holds';

/** The ids the booking's context is read by (null for an id that is not a UUID: nothing is found by it). */
interface ContextIds {
  slotId: string | null;
  providerId: string | null;
  accountId: string | null;
  insuranceId: string | null;
}

/**
 * The slot (`param(1)`) with its provider (2, not removed) and practice, and the account's patients
 * (3): for each patient, whether they signed the booking consent, their sessions with the provider
 * (follow-up pricing), and the insurance on file (4) when it is theirs (the insured booking's; null for
 * none). No row: no such slot of that provider. `param(n)` is the n-th of these ids as a UUID (null
 * for an id that is not one); constants are literals, so the claim's prepared text is the same on every call.
 */
const bookingContextQuery = (param: (n: 1 | 2 | 3 | 4) => Expression<string>) =>
  slotSelect()
    .leftJoin('practices as pr', 'pr.id', 's.practice_id')
    .select((eb) => [
      sql<string>`p.pay_individual::text`.as('pay_individual'),
      sql<string | null>`p.pay_follow_up::text`.as('pay_follow_up'),
      'p.plan_ids',
      'pr.time_zone as practice_time_zone',
      jsonArrayFrom(
        eb
          .selectFrom('patients as pt')
          .select((pe) => [
            'pt.id',
            'pt.first_name',
            'pt.last_name',
            'pt.relationship',
            isoDay(pe.ref('pt.date_of_birth')).as('date_of_birth'),
            'pt.time_zone',
            pe
              .exists(
                pe
                  .selectFrom('consents as c')
                  .select(sql.lit(1).as('one'))
                  .whereRef('c.patient_id', '=', 'pt.id')
                  .where('c.consent_type', '=', sql.lit('bookAppointmentConsent'))
                  .where('c.signed_at', 'is not', null),
              )
              .as('signed'),
            jsonArrayFrom(sessionsWithProvider(pe.ref('pt.id'), param(2))).as('sessions'),
            jsonObjectFrom(insuranceForInquiryQuery(param(4), pe.ref('pt.id'))).as('insurance'),
          ])
          .$narrowType<{ relationship: Relationship; signed: boolean }>()
          .where('pt.user_id', '=', param(3))
          .orderBy('pt.created_at')
          .orderBy('pt.id'),
      ).as('patients'),
    ])
    .where('s.id', '=', param(1))
    .where('s.provider_id', '=', param(2));

/** The booking's slot, its provider and the account's patients, as bookingContextQuery reads them (JSON). */
export type BookingContext = ShallowDehydrateObject<RowOf<ReturnType<typeof bookingContextQuery>>>;

/** A patient of the booking's account, as bookingContextQuery reads it. */
export type AccountPatient = BookingContext['patients'][number];

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

/** bookingContextQuery's `param(n)`, by name. */
const CONTEXT_IDS = { 1: 'slotId', 2: 'providerId', 3: 'accountId', 4: 'insuranceId' } as const;

/** The booking key's claim with its context, compiled once. */
const claimWithContext = claimKeyStatement((p: Param<ContextIds>) => jsonObjectFrom(bookingContextQuery((n) => sql<string>`${p(CONTEXT_IDS[n])}::uuid`)));

export async function claimBookingKey(db: Queryable, scope: IdempotencyScope, now: Date, wanted: ContextWanted, log: FastifyBaseLogger): Promise<KeyClaim> {
  const claim = await claimKeyNow(db, scope, now, claimWithContext, {
    slotId: isUuid(wanted.slotId) ? wanted.slotId : null,
    providerId: isUuid(wanted.providerId) ? wanted.providerId : null,
    accountId: wanted.accountId,
    insuranceId: wanted.insuranceId && isUuid(wanted.insuranceId) ? wanted.insuranceId : null,
  });
  if ('replay' in claim) return { replay: claim.replay };
  const { claimedAt } = claim;
  const letGo = () =>
    releaseKey(db, scope, claimedAt).catch((err: unknown) =>
      log.warn({ err }, 'could not let go of a booking key; it frees itself after bookingClaimStaleSeconds'),
    );
  return { context: claim.along, letGo };
}
