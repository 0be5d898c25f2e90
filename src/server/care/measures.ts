/**
 * Completing a PHQ-9 or GAD-7 (issue 17 item 2): scored by src/domain/measures.ts and kept in one
 * transaction with the urgent clinical alert it may raise, a task of the one task model (kind
 * clinical_alert, priority stat when item 9 is answered, urgent otherwise) for the provider of each of
 * the patient's upcoming sessions, or of the latest one.
 */
import type { FastifyRequest } from 'fastify';
import type { MeasureScore } from '@/generated/entities';
import { constants } from '@/generated/constants';
import { answersProblem, isDue, score, type Instrument } from '@/domain/measures';
import type { Queryable } from '../db/connection';
import { AppError } from '../errors';
import { createTask } from '../tasks/service';
import { measureOut, measuresOf } from './clients';
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
): Promise<MeasureScore> {
  checkMeasureAnswers(instrument, answers);
  return request.server.database.transaction((tx) => recordMeasure(request, tx, patientId, instrument, answers, actorId));
}

/**
 * Stores checked answers with their score and, when urgent, a clinical alert for each of the patient's
 * providers, inside the caller's transaction (the intake stores two measures and its form as one).
 */
export async function recordMeasure(
  request: FastifyRequest,
  tx: Queryable,
  patientId: string,
  instrument: Instrument,
  answers: number[],
  actorId: string,
): Promise<MeasureScore> {
  const scored = score(instrument, answers);
  const now = request.server.clock.now();
  const [row] = await tx.query<{ id: string; patient_id: string; instrument: string; total: number; urgent: boolean; completed_at: Date }>(
    `INSERT INTO measure_responses (patient_id, instrument, answers, total, band, urgent, completed_at, completed_by)
     VALUES ($1, $2, $3::smallint[], $4, $5, $6, $7, $8) RETURNING id, patient_id, instrument, total, urgent, completed_at`,
    [patientId, instrument, answers, scored.total, scored.band, scored.urgent, now.toISOString(), actorId],
  );
  if (scored.urgent) {
    const providers = await tx.query<{ provider_id: string }>(
      `WITH mine AS (
         SELECT a.provider_id, lower(a.during) AS start_at, upper(a.during) > $2::timestamptz AS upcoming
           FROM appointments a JOIN appointment_patients ap ON ap.appointment_id = a.id
          WHERE ap.patient_id = $1 AND a.status = 'booked')
       SELECT DISTINCT provider_id FROM mine WHERE upcoming
       UNION
       SELECT provider_id FROM (SELECT provider_id FROM mine ORDER BY start_at DESC LIMIT 1) latest WHERE NOT EXISTS (SELECT 1 FROM mine WHERE upcoming)`,
      [patientId, now.toISOString()],
    );
    const itemNine = instrument === 'phq9' && answers[8]! >= 1;
    for (const { provider_id } of providers) {
      await createTask(
        request,
        {
          kind: 'clinical_alert',
          subject: { type: 'measure_response', id: row!.id },
          patientId,
          providerId: provider_id,
          priority: itemNine ? 'stat' : 'urgent',
          reason: itemNine ? taskText('task.clinicalAlert.itemNine') : taskText('task.clinicalAlert.total', { total: scored.total }),
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
  const [upcoming] = await db.query(
    `SELECT 1 FROM appointments a JOIN appointment_patients ap ON ap.appointment_id = a.id WHERE ap.patient_id = $1 AND a.status = 'booked' AND upper(a.during) > $2::timestamptz LIMIT 1`,
    [patientId, now.toISOString()],
  );
  const due = upcoming ? (['phq9', 'gad7'] as Instrument[]).filter((i) => isDue(items.filter((m) => m.instrument === i).at(-1)?.completedAt ?? null, now)) : [];
  return { items, due };
}
