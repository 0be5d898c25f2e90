/** Booking test helpers: slots of our own far in the future (clear of the seeded ones), holds and bookings through the API. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '@/server/db/connection';
import type { TestCaller } from './sessions';
import { DEFAULT_TEST_CARRIER_SQL } from './insurance';

export interface TestSlot {
  id: string;
  providerId: string;
  practiceId: string;
  start: string;
  end: string;
  availabilityType: 'online' | 'in_person';
}

let dayOffset = 200;

/**
 * `count` one-hour slots of a provider on a day of their own (200+ days ahead, past every seeded slot).
 * `offersMedication` picks a provider who does (or does not) offer medication, at a practice that accepts the default test
 * insurance; `providerId` names one.
 */
export async function makeSlots(
  db: Queryable,
  count: number,
  options: {
    offersMedication?: boolean;
    medication?: boolean;
    mode?: 'online' | 'in_person';
    providerOffset?: number;
    providerId?: string;
    startAt?: Date;
  } = {},
): Promise<TestSlot[]> {
  const [provider] = options.providerId
    ? await db.query<{ id: string; practice_id: string }>('SELECT id, practice_id FROM providers WHERE id = $1', [options.providerId])
    : await db.query<{ id: string; practice_id: string }>(
        // Providers whose practice accepts the default test insurance (tests/support/insurance.ts), so insured bookings pass the eligibility check.
        `SELECT id, practice_id FROM providers WHERE removed_at IS NULL AND offers_medication = $1
            AND practice_id IN (SELECT practice_id FROM practice_accepted_carriers WHERE carrier_id = (${DEFAULT_TEST_CARRIER_SQL}))
          ORDER BY id OFFSET $2 LIMIT 1`,
        [options.offersMedication ?? false, options.providerOffset ?? 0],
      );
  if (!provider) throw new Error('no provider to make slots for');
  const base =
    options.startAt ??
    new Date(Date.UTC(2000, 0, 1) + Math.ceil((Date.now() - Date.UTC(2000, 0, 1)) / 86_400_000 + (dayOffset += 1)) * 86_400_000 + 14 * 3_600_000);
  const slots: TestSlot[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = new Date(base.getTime() + i * 3_600_000);
    const end = new Date(start.getTime() + 3_600_000);
    const mode = options.mode ?? 'online';
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO slots (provider_id, practice_id, during, availability_type, is_medication) VALUES ($1, $2, tstzrange($3, $4, '[)'), $5, $6) RETURNING id`,
      [provider.id, provider.practice_id, start.toISOString(), end.toISOString(), mode, options.medication ?? false],
    );
    slots.push({
      id: row!.id,
      providerId: provider.id,
      practiceId: provider.practice_id,
      start: start.toISOString(),
      end: end.toISOString(),
      availabilityType: mode,
    });
  }
  return slots;
}

export async function hold(app: FastifyInstance, caller: TestCaller, slot: TestSlot, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/appointments/holds',
    headers: { ...caller.headers, ...headers },
    payload: { slotId: slot.id, providerId: slot.providerId },
  });
}

export async function selfPatientOf(db: Queryable, userId: string): Promise<{ id: string; firstName: string; lastName: string }> {
  const [row] = await db.query<{ id: string; first_name: string; last_name: string }>(
    "SELECT id, first_name, last_name FROM patients WHERE user_id = $1 AND relationship = 'Self'",
    [userId],
  );
  return { id: row!.id, firstName: row!.first_name, lastName: row!.last_name };
}

export const consentGiven = (source: 'patient_web' | 'support_web' = 'patient_web') => [
  { isConsentProvided: true, consentType: 'bookAppointmentConsent' as const, source },
  { isConsentProvided: true, consentType: 'paymentConsent' as const, source },
];

/**
 * A booking body for the slot and patients (existing ones by id, with consent). The money choice comes in
 * `extra`: `{ insuranceId }` of an insurance on file of the first patient (tests/support/insurance.ts
 * insurePatient), or `{ selfPay: true, payment: { nonce } }`; without either the API asks for one.
 */
export function bookingBody(holdId: string, slot: TestSlot, patients: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return {
    holdId,
    slotId: slot.id,
    providerId: slot.providerId,
    practiceId: slot.practiceId,
    counselingType: 'Individual Counseling',
    appointmentMode: slot.availabilityType,
    patients,
    ...extra,
  };
}

export async function bookSlot(
  app: FastifyInstance,
  caller: TestCaller,
  slot: TestSlot,
  patients: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
  key = randomUUID(),
  url = '/api/appointments',
) {
  const held = await hold(app, caller, slot);
  if (held.statusCode !== 201) return { held, booked: undefined, key };
  const booked = await app.inject({
    method: 'POST',
    url,
    headers: { ...caller.headers, 'idempotency-key': key },
    payload: bookingBody(held.json().holdId, slot, patients, extra),
  });
  return { held, booked, key };
}
