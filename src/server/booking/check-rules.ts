/**
 * Booking step 2, the rules: everything that can be checked before any money moves or any row is
 * written, from what step 1 read along with the key (`found`). In order: bookings are open, the slot
 * exists and is the one described and still bookable (src/server/booking/holds.ts), then who is
 * booked (patient-rules.ts), then which money (money-rules.ts). A refusal throws the catalogue's error.
 */
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../accounts/repository';
import { AppError } from '../errors';
import { ensureBookingsOpen } from '../flags/decisions';
import type { BookingContext } from './claim-key';
import { checkSlotRules, slotRowOf, type SlotRow } from './holds';
import { checkMoneyRules, type BookingProvider, type MoneyPlan } from './money-rules';
import { checkPatientRules, type BookingBody, type PatientPlan } from './patient-rules';

export type BookingPlan = PatientPlan & MoneyPlan & { slot: SlotRow };

export async function checkBookingRules(
  request: FastifyRequest,
  body: BookingBody,
  account: UserRow,
  now: Date,
  found: BookingContext | null,
): Promise<BookingPlan> {
  await ensureBookingsOpen(request);
  if (!found) throw new AppError('NO_OPEN_SLOT');
  const slot = slotRowOf(found);
  if (slot.practice_id !== body.practiceId || slot.availability_type !== body.appointmentMode) throw new AppError('BOOKING_DETAILS_MISMATCH');
  checkSlotRules(slot, now);
  const provider: BookingProvider = {
    id: found.provider_id,
    pay_individual: found.pay_individual,
    pay_follow_up: found.pay_follow_up,
    plan_ids: found.plan_ids,
    time_zone: found.time_zone,
  };
  const patients = checkPatientRules(body, account, found.patients, { practice: found.practice_time_zone, provider: provider.time_zone }, now);
  const money = await checkMoneyRules(request, body, account, patients.drafts, found.patients, slot, provider);
  return { slot, ...patients, ...money };
}
