/**
 * Demo insurance, notes and documents for the demo patient (jordan.rivera@example.com) and the
 * child dependant, so the booking and portal screens show each eligibility flow:
 * - Jordan's Blue Cross PPO: ELIGIBLE with a copay at practices that accept Blue Cross Blue Shield;
 * - Jordan's Oscar Silver: no practice accepts Oscar Health, so self-pay is required
 *   (CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED) with any provider;
 * - Mia's Sunshine Health Medicaid: a Medicaid plan no provider takes, so DENIED_DUE_TO_MEDICAID.
 * Plans get copays; a staff note and an insurance card image are on Jordan's record.
 */
import type { Queryable } from '../connection';
import { all, first, qb, run, sql } from '../typed';
import type { SeedStep } from './index';

export const DEMO_PATIENT_EMAIL = 'jordan.rivera@example.com';

/** Carriers no demo practice accepts: their plans exist only for the self-pay and Medicaid demos. */
export const demoOnlyCarriers = [
  { code: 'OSCAR', name: 'Oscar Health', plans: [{ name: 'Oscar Silver', isMedicaid: false }] },
  { code: 'SUNSHINE', name: 'Sunshine Health', plans: [{ name: 'Sunshine Health Medicaid', isMedicaid: true }] },
] as const;

export const demoInsurances = [
  { relationship: 'Self', carrier: 'BCBS', plan: 'Blue Cross PPO', memberId: 'XBC100200300', groupNumber: 'G-48213' },
  { relationship: 'Self', carrier: 'OSCAR', plan: 'Oscar Silver', memberId: 'OSC-5550199', groupNumber: null },
  { relationship: 'Child', carrier: 'SUNSHINE', plan: 'Sunshine Health Medicaid', memberId: 'SM-0042117', groupNumber: null },
] as const;

/** A 1x1 PNG: the demo insurance card image (real PNG bytes, so it downloads as one). */
const DEMO_CARD_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function planId(tx: Queryable, carrier: string, plan: string): Promise<{ carrierId: number; planId: number }> {
  const row = await first(
    tx,
    qb
      .selectFrom('insurance_plans as p')
      .innerJoin('insurance_carriers as c', 'c.id', 'p.carrier_id')
      .select(['c.id as carrier_id', 'p.id as plan_id'])
      .where('c.code', '=', carrier)
      .where('p.name', '=', plan),
  );
  if (!row) throw new Error(`seed: no plan ${plan} of ${carrier}`);
  return { carrierId: row.carrier_id, planId: row.plan_id };
}

export const seedPatientsInsurance: SeedStep = {
  name: 'patients and insurance',
  async run(tx) {
    for (const carrier of demoOnlyCarriers) {
      const row = await first(
        tx,
        qb
          .insertInto('insurance_carriers')
          .values({ code: carrier.code, name: carrier.name })
          .onConflict((oc) => oc.column('code').doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })))
          .returning('id'),
      );
      for (const plan of carrier.plans) {
        await run(
          tx,
          qb
            .insertInto('insurance_plans')
            .values({ carrier_id: row!.id, name: plan.name, is_medicaid: plan.isMedicaid })
            .onConflict((oc) => oc.columns(['carrier_id', 'name']).doNothing()),
        );
      }
    }
    // Copays from $20 to $35 by plan, the same on every seed.
    await run(
      tx,
      qb
        .updateTable('insurance_plans')
        .set({ copay: sql<string>`20 + (id % 4) * 5` })
        .where('copay', 'is', null),
    );

    const patients = await all(
      tx,
      qb
        .selectFrom('patients as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select(['p.id', 'p.relationship', 'p.user_id'])
        .where('u.email', '=', DEMO_PATIENT_EMAIL),
    );
    const support = await first(tx, qb.selectFrom('users').select('id').where('email', '=', 'sam.okafor@example.com'));
    for (const insurance of demoInsurances) {
      const patient = patients.find((p) => p.relationship === insurance.relationship);
      if (!patient) continue;
      const { carrierId, planId: plan } = await planId(tx, insurance.carrier, insurance.plan);
      const row = await first(
        tx,
        qb
          .insertInto('patient_insurances')
          .values({
            patient_id: patient.id,
            carrier_id: carrierId,
            plan_id: plan,
            member_id: insurance.memberId,
            group_number: insurance.groupNumber,
            created_by: patient.user_id,
          })
          .returning('id'),
      );
      if (insurance.carrier === 'BCBS') {
        await run(
          tx,
          qb.insertInto('patient_documents').values({
            patient_id: patient.id,
            insurance_id: row!.id,
            kind: 'insurance_card_front',
            file_name: 'blue-cross-card-front.png',
            content_type: 'image/png',
            size_bytes: DEMO_CARD_PNG.length,
            sha256: sql<string>`encode(sha256(${DEMO_CARD_PNG}), 'hex')`,
            content: DEMO_CARD_PNG,
            uploaded_by: patient.user_id,
          }),
        );
      }
    }
    const self = patients.find((p) => p.relationship === 'Self');
    if (self && support) {
      await run(
        tx,
        qb.insertInto('patient_notes').values({
          patient_id: self.id,
          note_type: 'insurance',
          text: 'Called about the Oscar plan: explained it is self-pay with our practices, Blue Cross PPO is on file too.',
          author_id: support.id,
        }),
      );
    }
  },
};
