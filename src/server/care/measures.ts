/**
 * Completing a PHQ-9 or GAD-7: scored by src/domain/measures.ts and kept in one
 * transaction with the urgent clinical alert it may raise, a task of the one task model (kind
 * clinical_alert, urgent) for the provider of each of the patient's upcoming sessions, or of the latest one;
 * item 9 answered goes through the one crisis rule instead (stat alert and a red alert: crisis-alerts.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { MeasureScore } from '@/generated/entities';
import { constants } from '@/generated/constants';
import { answersProblem, isDue, score, type Instrument } from '@/domain/measures';
import { needsCrisisHelp } from '@/domain/crisis';
import type { Queryable } from '../db/connection';
import { appointmentEnd, first, qb, sql } from '../db/typed';
import { AppError } from '../errors';
import { createTask } from '../tasks/service';
import { measureOut, measuresOf } from './clients';
import { providersToTell, raiseCrisisAlerts } from './crisis-alerts';
import { message } from '@/domain/messages';
import { taskText } from '@/domain/task-text';

/** The catalogue's refusal when answers do not fit the instrument (count or range). */
export function checkMeasureAnswers(instrument: Instrument, answers: number[]): void {
  const problem = answersProblem(instrument, answers);
  if (problem) {
    throw new AppError('VALIDATION_FAILED', {
      errors: [
        {
          field: 'answers',
          keyword: problem === 'count' ? 'x-itemCount' : 'x-itemRange',
          message: message('validation.measure.answerAll', { count: String(constants.measureInstruments[instrument].items) }),
        },
      ],
    });
  }
}

export async function submitMeasure(
  request: FastifyRequest,
  patientId: string,
  instrument: Instrument,
  answers: number[],
  actorId: string,
  crisisKey?: string,
): Promise<MeasureScore> {
  checkMeasureAnswers(instrument, answers);
  return request.server.database.transaction((tx) => recordMeasure(request, tx, patientId, instrument, answers, actorId, 'check_in', crisisKey));
}

/**
 * Stores checked answers with their score and, when urgent, a clinical alert for each of the patient's
 * providers, inside the caller's transaction (the intake stores two measures and its form as one). Item 9
 * answered is a crisis: the one crisis rule (crisis-alerts.ts) tells the clinicians and support.
 */
export async function recordMeasure(
  request: FastifyRequest,
  tx: Queryable,
  patientId: string,
  instrument: Instrument,
  answers: number[],
  actorId: string,
  source: 'check_in' | 'intake',
  /** the crisis screen's key: alerts it already raised are not raised again */
  crisisKey?: string,
): Promise<MeasureScore> {
  const scored = score(instrument, answers);
  const now = request.server.clock.now();
  const row = await first(
    tx,
    qb
      .insertInto('measure_responses')
      .values({
        patient_id: patientId,
        instrument,
        answers,
        total: scored.total,
        band: scored.band,
        urgent: scored.urgent,
        completed_at: now.toISOString(),
        completed_by: actorId,
      })
      .returning(['id', 'patient_id', 'instrument', 'total', 'urgent', 'completed_at']),
  );
  const subject = { type: 'measure_response', id: row!.id };
  if (instrument === 'phq9' && needsCrisisHelp(answers)) {
    const cause = source === 'check_in' ? 'checkInItemNine' : 'intakeItemNine';
    await raiseCrisisAlerts(request, tx, { patientId, subject, cause, details: { instrument, total: scored.total }, crisisKey });
  } else if (scored.urgent) {
    for (const providerId of await providersToTell(tx, patientId, now)) {
      await createTask(
        request,
        {
          kind: 'clinical_alert',
          subject,
          patientId,
          providerId,
          priority: 'urgent',
          reason: taskText('task.clinicalAlert.total', { total: scored.total }),
          details: { instrument, total: scored.total },
        },
        tx,
      );
    }
  }
  return measureOut(row!);
}

/** The patient's scores, oldest first, and which instruments are due (only with an upcoming booked session). */
export async function patientMeasures(request: FastifyRequest, patientId: string): Promise<{ items: MeasureScore[]; due: Instrument[] }> {
  const db = request.server.database;
  const now = request.server.clock.now();
  const items = (await measuresOf(db, [patientId])).map(measureOut);
  const upcoming = await first(
    db,
    qb
      .selectFrom('appointments as a')
      .innerJoin('appointment_patients as ap', 'ap.appointment_id', 'a.id')
      .select(sql`1`.as('one'))
      .where('ap.patient_id', '=', patientId)
      .where('a.status', '=', 'booked')
      .where(appointmentEnd(), '>', sql<Date>`${now.toISOString()}::timestamptz`)
      .limit(1),
  );
  const due = upcoming ? (['phq9', 'gad7'] as Instrument[]).filter((i) => isDue(items.filter((m) => m.instrument === i).at(-1)?.completedAt ?? null, now)) : [];
  return { items, due };
}
