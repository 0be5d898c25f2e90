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
import { first, qb } from '../db/typed';
import { AppError } from '../errors';
import { measureOut } from './clients';
import { checkMeasureAnswers, recordMeasure } from './measures';

export type Intake = NonNullable<EndpointTypes['getPatientIntake']['response']['intake']>;

export async function latestIntake(db: Queryable, patientId: string): Promise<Intake | null> {
  const row = await first(
    db,
    qb
      .selectFrom('intake_forms as f')
      .innerJoin('measure_responses as p', 'p.id', 'f.phq9_response_id')
      .innerJoin('measure_responses as g', 'g.id', 'f.gad7_response_id')
      .select((eb) => [
        'f.id',
        eb.ref('f.answers').$castTo<Record<string, string>>().as('answers'),
        'f.submitted_at',
        'p.id as p_id',
        'p.total as p_total',
        'p.urgent as p_urgent',
        'p.completed_at as p_at',
        'g.id as g_id',
        'g.total as g_total',
        'g.urgent as g_urgent',
        'g.completed_at as g_at',
      ])
      .where('f.patient_id', '=', patientId)
      .orderBy('f.submitted_at', 'desc')
      .orderBy('f.id', 'desc')
      .limit(1),
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
    const form = await first(
      tx,
      qb
        .insertInto('intake_forms')
        .values({
          patient_id: patientId,
          answers: JSON.stringify(answers),
          phq9_response_id: phq9.id,
          gad7_response_id: gad7.id,
          submitted_at: now.toISOString(),
          submitted_by: actorId,
        })
        .returning('id'),
    );
    if (!needsCrisisHelp(given.phq9) && intakeNeedsCrisisHelp(given)) {
      await raiseCrisisAlerts(request, tx, { patientId, subject: { type: 'intake_form', id: form!.id }, cause: 'intakeWords', crisisKey: body.crisisKey });
    }
  });
  return (await latestIntake(request.server.database, patientId))!;
}
