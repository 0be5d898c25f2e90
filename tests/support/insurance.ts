/** Insurances on file for test patients, of the seeded carriers and plans (a seeded test database). */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '@/server/db/connection';

/** The default test insurance's plan: the first seeded plan that is not Medicaid (makeSlots picks practices that accept its carrier). */
export const DEFAULT_TEST_PLAN_SQL = 'SELECT pl.id FROM insurance_plans pl WHERE NOT pl.is_medicaid ORDER BY pl.id LIMIT 1';
export const DEFAULT_TEST_CARRIER_SQL = `SELECT carrier_id FROM insurance_plans WHERE id = (${DEFAULT_TEST_PLAN_SQL})`;

/**
 * Puts an insurance on file for the patient and answers its id: a plan of the carrier `carrierCode`,
 * or the first non-Medicaid plan of a carrier the practice `acceptedAt` accepts (default: the default
 * test plan), with a member id of its own.
 */
export async function insurePatient(db: Queryable, patientId: string, options: { carrierCode?: string; acceptedAt?: string } = {}): Promise<string> {
  const [plan] =
    options.carrierCode || options.acceptedAt
      ? await db.query<{ id: number; carrier_id: number }>(
          `SELECT pl.id, pl.carrier_id FROM insurance_plans pl JOIN insurance_carriers c ON c.id = pl.carrier_id
          WHERE ($1::text IS NULL OR c.code = $1) AND NOT pl.is_medicaid
            AND ($2::uuid IS NULL OR pl.carrier_id IN (SELECT carrier_id FROM practice_accepted_carriers WHERE practice_id = $2))
          ORDER BY pl.id LIMIT 1`,
          [options.carrierCode ?? null, options.acceptedAt ?? null],
        )
      : await db.query<{ id: number; carrier_id: number }>(`SELECT pl.id, pl.carrier_id FROM insurance_plans pl WHERE pl.id = (${DEFAULT_TEST_PLAN_SQL})`);
  if (!plan) throw new Error(`no seeded insurance plan${options.carrierCode ? ` of ${options.carrierCode}` : ''}: does the test database have the demo seed?`);
  const [row] = await db.query<{ id: string }>(
    'INSERT INTO patient_insurances (patient_id, carrier_id, plan_id, member_id) VALUES ($1, $2, $3, $4) RETURNING id',
    [patientId, plan.carrier_id, plan.id, `T-${randomUUID().slice(0, 8)}`],
  );
  return row!.id;
}
