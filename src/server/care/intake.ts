/**
 * The intake questionnaire: answers checked against specs/constants/intake.yaml
 * (src/domain/intake.ts), the PHQ-9 and GAD-7 baseline kept as measures (scored, with the clinical
 * alert for the provider), and a crisis - PHQ-9 item 9 above 0, or crisis words in a written answer -
 * raising the one crisis rule's alerts (crisis-alerts.ts) so the clinician knows and support calls the
 * patient. The alerts' reasons say only what happened, never the answers.
 */
import type { FastifyRequest } from 'fastify';
import type { EndpointTypes } from '@/generated/entities';
import { needsCrisisHelp } from '@/domain/crisis';
import { intakeNeedsCrisisHelp, intakeProblems, type IntakeAnswers } from '@/domain/intake';
import { raiseCrisisAlerts } from './crisis-alerts';
import type { Queryable } from '../db/connection';
import { AppError } from '../errors';
import { measureOut } from './clients';
import { checkMeasureAnswers, recordMeasure } from './measures';

export type Intake = NonNullable<EndpointTypes['getPatientIntake']['response']['intake']>;

export async function latestIntake(db: Queryable, patientId: string): Promise<Intake | null> {
  const [row] = await db.query<{
    id: string;
    answers: Record<string, string>;
    submitted_at: Date;
    p_id: string;
    p_total: number;
    p_urgent: boolean;
    p_at: Date;
    g_id: string;
    g_total: number;
    g_urgent: boolean;
    g_at: Date;
  }>(
    `SELECT f.id, f.answers, f.submitted_at,
            p.id AS p_id, p.total AS p_total, p.urgent AS p_urgent, p.completed_at AS p_at,
            g.id AS g_id, g.total AS g_total, g.urgent AS g_urgent, g.completed_at AS g_at
       FROM intake_forms f JOIN measure_responses p ON p.id = f.phq9_response_id JOIN measure_responses g ON g.id = f.gad7_response_id
      WHERE f.patient_id = $1 ORDER BY f.submitted_at DESC, f.id DESC LIMIT 1`,
    [patientId],
  );
  if (!row) return null;
  return {
    id: row.id,
    answers: row.answers,
    phq9: measureOut({ id: row.p_id, patient_id: patientId, instrument: 'phq9', total: row.p_total, urgent: row.p_urgent, completed_at: row.p_at }),
    gad7: measureOut({ id: row.g_id, patient_id: patientId, instrument: 'gad7', total: row.g_total, urgent: row.g_urgent, completed_at: row.g_at }),
    submittedAt: new Date(row.submitted_at).toISOString(),
  };
}

export async function submitIntake(
  request: FastifyRequest,
  patientId: string,
  body: { answers: Record<string, string | undefined>; phq9: number[]; gad7: number[]; crisisKey?: string },
  actorId: string,
): Promise<Intake> {
  const answers = Object.fromEntries(Object.entries(body.answers).flatMap(([k, v]) => (v === undefined ? [] : [[k, v.trim()]])));
  const given: IntakeAnswers = { answers, phq9: body.phq9, gad7: body.gad7 };
  const problems = intakeProblems(given);
  if (problems.length) {
    throw new AppError('VALIDATION_FAILED', { errors: problems.map((p) => ({ field: p.field, keyword: `x-intake-${p.problem}`, message: p.problem })) });
  }
  checkMeasureAnswers('phq9', given.phq9);
  checkMeasureAnswers('gad7', given.gad7);
  const now = request.server.clock.now();
  // One transaction: the two measures (with their clinical alerts), the form and the crisis red alert are
  // kept together or not at all, so a failure never leaves a baseline without its intake or alert.
  await request.server.database.transaction(async (tx) => {
    // Item 9 answered raises the crisis alerts with the PHQ-9 (recordMeasure); crisis words only when it did not, so one crisis is one alert.
    const phq9 = await recordMeasure(request, tx, patientId, 'phq9', given.phq9, actorId, 'intake', body.crisisKey);
    const gad7 = await recordMeasure(request, tx, patientId, 'gad7', given.gad7, actorId, 'intake');
    const [form] = await tx.query<{ id: string }>(
      `INSERT INTO intake_forms (patient_id, answers, phq9_response_id, gad7_response_id, submitted_at, submitted_by) VALUES ($1, $2::jsonb, $3, $4, $5, $6) RETURNING id`,
      [patientId, JSON.stringify(answers), phq9.id, gad7.id, now.toISOString(), actorId],
    );
    if (!needsCrisisHelp(given.phq9) && intakeNeedsCrisisHelp(given)) {
      await raiseCrisisAlerts(request, tx, { patientId, subject: { type: 'intake_form', id: form!.id }, cause: 'intakeWords', crisisKey: body.crisisKey });
    }
  });
  return (await latestIntake(request.server.database, patientId))!;
}
