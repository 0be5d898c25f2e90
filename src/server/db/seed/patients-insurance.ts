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
  const [row] = await tx.query<{ carrier_id: number; plan_id: number }>(
    'SELECT c.id AS carrier_id, p.id AS plan_id FROM insurance_plans p JOIN insurance_carriers c ON c.id = p.carrier_id WHERE c.code = $1 AND p.name = $2',
    [carrier, plan],
  );
  if (!row) throw new Error(`seed: no plan ${plan} of ${carrier}`);
  return { carrierId: row.carrier_id, planId: row.plan_id };
}

export const seedPatientsInsurance: SeedStep = {
  name: 'patients and insurance',
  async run(tx) {
    for (const carrier of demoOnlyCarriers) {
      const [row] = await tx.query<{ id: number }>(
        'INSERT INTO insurance_carriers (code, name) VALUES ($1, $2) ON CONFLICT (code) DO UPDATE SET name = excluded.name RETURNING id',
        [carrier.code, carrier.name],
      );
      for (const plan of carrier.plans) {
        await tx.query('INSERT INTO insurance_plans (carrier_id, name, is_medicaid) VALUES ($1, $2, $3) ON CONFLICT (carrier_id, name) DO NOTHING', [
          row!.id,
          plan.name,
          plan.isMedicaid,
        ]);
      }
    }
    // Copays from $20 to $35 by plan, the same on every seed.
    await tx.query('UPDATE insurance_plans SET copay = 20 + (id % 4) * 5 WHERE copay IS NULL');

    const patients = await tx.query<{ id: string; relationship: string; user_id: string }>(
      'SELECT p.id, p.relationship, p.user_id FROM patients p JOIN users u ON u.id = p.user_id WHERE u.email = $1',
      [DEMO_PATIENT_EMAIL],
    );
    const [support] = await tx.query<{ id: string }>("SELECT id FROM users WHERE email = 'sam.okafor@example.com'");
    for (const insurance of demoInsurances) {
      const patient = patients.find((p) => p.relationship === insurance.relationship);
      if (!patient) continue;
      const { carrierId, planId: plan } = await planId(tx, insurance.carrier, insurance.plan);
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO patient_insurances (patient_id, carrier_id, plan_id, member_id, group_number, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [patient.id, carrierId, plan, insurance.memberId, insurance.groupNumber, patient.user_id],
      );
      if (insurance.carrier === 'BCBS') {
        await tx.query(
          `INSERT INTO patient_documents (patient_id, insurance_id, kind, file_name, content_type, size_bytes, sha256, content, uploaded_by)
           VALUES ($1, $2, 'insurance_card_front', 'blue-cross-card-front.png', 'image/png', $3, encode(sha256($4), 'hex'), $4, $5)`,
          [patient.id, row!.id, DEMO_CARD_PNG.length, DEMO_CARD_PNG, patient.user_id],
        );
      }
    }
    const self = patients.find((p) => p.relationship === 'Self');
    if (self && support) {
      await tx.query("INSERT INTO patient_notes (patient_id, note_type, text, author_id) VALUES ($1, 'insurance', $2, $3)", [
        self.id,
        'Called about the Oscar plan: explained it is self-pay with our practices, Blue Cross PPO is on file too.',
        support.id,
      ]);
    }
  },
};
