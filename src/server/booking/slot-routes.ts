/** Open slots for the booking flow's slot table and the first-available badges (product-spec §7 slots). */
import type { FastifyRequest } from 'fastify';
import { constants } from '@/generated/constants';
import type { AppointmentMode, CounselingType, TimeOfDay } from '@/generated/enums';
import type { Slot } from '@/generated/entities';
import { localDayStart, timeOfDayOf } from '@/domain/slots';
import { AppError } from '@/server/errors';
import { firstOpenSlots, providerOpenSlots, providerSchedule, type OpenSlot, type ProviderSchedule } from '@/server/marketplace/availability';
import { slotOf } from '@/server/booking/holds';
import type { Handlers } from '../routes/registry';
import { addDaysIso, isoDateIn } from '@/domain/dates';

export interface SlotQuery {
  startDate?: string;
  endDate?: string;
  availabilityType?: AppointmentMode[];
  timeOfDay?: TimeOfDay[];
  counselingType?: CounselingType;
  practiceId?: string;
  slotId?: string;
}

const MEDICATION: CounselingType = 'Medication/Psychiatry';

function slotOut(s: OpenSlot, zone: string): Slot {
  return {
    id: s.id,
    start: s.start.toISOString(),
    end: s.end.toISOString(),
    practiceId: s.practiceId,
    providerId: s.providerId,
    availabilityType: s.availabilityType,
    timeOfDay: timeOfDayOf(s.start, zone),
    isMedication: s.isMedication,
  };
}

/** A counseling type asks for medication slots or for therapy slots; none asks for both. */
function medicationOnly(counselingType: CounselingType | undefined): boolean | undefined {
  return counselingType === undefined ? undefined : counselingType === MEDICATION;
}

/**
 * Open slots of one provider between two of its local dates (both included), at most slotListMaxDays
 * (the whole 8 weeks in one request). The dates are the provider's local days; the one query reads a
 * day more on each side (any zone) and keeps the slots of those local days.
 */
export async function slotListing(request: FastifyRequest, providerId: string, q: SlotQuery) {
  const db = request.server.database;
  const now = request.server.clock.now();
  // One slot asked for by id: its own day is the range (a slot that does not exist lists nothing).
  const asked = q.slotId ? await slotOf(db, q.slotId, providerId) : undefined;
  if (q.startDate && q.endDate && (q.endDate < q.startDate || addDaysIso(q.startDate, constants.slotListMaxDays - 1) < q.endDate)) {
    throw new AppError('DATE_RANGE_INVALID', { params: { days: constants.slotListMaxDays } });
  }
  const roughStart = asked ? asked.start_at.toISOString().slice(0, 10) : (q.startDate ?? now.toISOString().slice(0, 10));
  const roughEnd = asked ? roughStart : (q.endDate ?? addDaysIso(roughStart, constants.slotListMaxDays - 1));
  // A range the checks below will refuse (reversed, too long) reads no slots, only the provider.
  const plausible = roughEnd >= addDaysIso(roughStart, -2) && roughEnd <= addDaysIso(roughStart, constants.slotListMaxDays + 2);
  const from = new Date(`${addDaysIso(roughStart, -1)}T00:00:00Z`);
  const found = await providerOpenSlots(
    db,
    providerId,
    { from, to: plausible ? new Date(`${addDaysIso(roughEnd, 2)}T00:00:00Z`) : from },
    { availabilityTypes: q.availabilityType, timesOfDay: q.timeOfDay, medicationOnly: medicationOnly(q.counselingType), practiceId: q.practiceId },
    now,
  );
  if (!found) throw new AppError('NOT_FOUND');
  const { provider } = found;
  const askedDay = asked ? isoDateIn(asked.start_at, provider.timeZone) : undefined;
  if (q.slotId && !askedDay)
    return {
      providerId: provider.id,
      timeZone: provider.timeZone,
      startDate: isoDateIn(now, provider.timeZone),
      endDate: isoDateIn(now, provider.timeZone),
      slots: [],
    };
  const startDate = askedDay ?? q.startDate ?? isoDateIn(now, provider.timeZone);
  const endDate = askedDay ?? q.endDate ?? addDaysIso(startDate, constants.slotListMaxDays - 1);
  if (endDate < startDate || addDaysIso(startDate, constants.slotListMaxDays - 1) < endDate) {
    throw new AppError('DATE_RANGE_INVALID', { params: { days: constants.slotListMaxDays } });
  }
  const dayStart = localDayStart(startDate, provider.timeZone);
  const dayEnd = localDayStart(addDaysIso(endDate, 1), provider.timeZone);
  const slots = found.slots.filter((s) => s.start >= dayStart && s.start < dayEnd);
  const listed = q.slotId ? slots.filter((s) => s.id === q.slotId) : slots;
  return { providerId: provider.id, timeZone: provider.timeZone, startDate, endDate, slots: listed.map((s) => slotOut(s, provider.timeZone)) };
}

export const slotsHandlers: Handlers = {
  async getSlots(request) {
    const { providerId, ...rest } = request.query;
    return slotListing(request, providerId, rest);
  },

  async getFirstAvailableSlot(request) {
    const { providerId, availabilityType, timeOfDay, counselingType } = request.query;
    const db = request.server.database;
    const ids = [...new Set(providerId)];
    const schedules = (await Promise.all(ids.map((id) => providerSchedule(db, id)))).filter((p): p is ProviderSchedule => p !== undefined);
    const first = await firstOpenSlots(
      db,
      schedules,
      { availabilityTypes: availabilityType, timesOfDay: timeOfDay, medicationOnly: medicationOnly(counselingType) },
      request.server.clock.now(),
    );
    const zoneOf = new Map(schedules.map((p) => [p.id, p.timeZone]));
    return {
      items: providerId.map((id) => {
        const slot = first.get(id);
        return { providerId: id, slot: slot ? slotOut(slot, zoneOf.get(id)!) : null };
      }),
    };
  },
};
