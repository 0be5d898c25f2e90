/** The record export read from the database: the demo patient's whole record, schema-valid, no notes. */
import { startTestApp, type TestApp } from '@tests/support/app';
import { fhirSchemaErrors } from '@tests/support/fhir-schema';
import { pdfText } from '@tests/support/pdf';
import { buildRecordBundle, resourceCounts } from '@/domain/record-export';
import { withLocale } from '../locale';
import { gatherRecord } from './gather';
import { recordPdf } from './record-pdf';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
}, 180_000);
afterAll(async () => t?.close());
// Compiling the whole FHIR R4 schema takes seconds on a busy machine.
jest.setTimeout(180_000);

it('gathers the demo patient’s record into a valid FHIR bundle and a Spanish PDF, leaving out clinicians’ notes', async () => {
  const db = t.app.database;
  const [account] = await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'jordan.rivera@example.com'");
  const [patient] = await db.query<{ id: string; first_name: string; last_name: string }>(
    'SELECT id, first_name, last_name FROM patients WHERE user_id = $1 ORDER BY created_at LIMIT 1',
    [account!.id],
  );
  const [author] = await db.query<{ id: string }>("SELECT id FROM users WHERE user_type <> 'patient' LIMIT 1");
  await db.query("INSERT INTO patient_notes (patient_id, note_type, text, author_id) VALUES ($1, 'psychotherapy', 'Nota privada de psicoterapia 7731', $2)", [
    patient!.id,
    author!.id,
  ]);
  await db.query("UPDATE patients SET first_name = 'Jordán' WHERE id = $1", [patient!.id]);
  await db.query(
    "INSERT INTO measure_responses (patient_id, instrument, answers, total, band, urgent, completed_at, completed_by) VALUES ($1, 'phq9', '{1,1,1,1,1,1,1,1,0}', 8, 'mild', false, now(), $2)",
    [patient!.id, account!.id],
  );

  const [provider] = await db.query<{ id: string; practice_id: string }>('SELECT id, practice_id FROM providers WHERE removed_at IS NULL ORDER BY id LIMIT 1');
  const [appointment] = await db.query<{ id: string }>(
    `INSERT INTO appointments (user_id, provider_id, practice_id, during, appointment_mode, counseling_type, time_zone, self_pay, app_source, booked_by, price_cents,
                               status, cancelled_at, cancel_reason_id)
     VALUES ($1, $2, $3, tstzrange('2026-11-02T15:00:00Z', '2026-11-02T15:50:00Z'), 'online', 'Individual Counseling', 'America/New_York', true, 'patient_web', $1, 12000,
             'cancelled', '2026-10-30T12:00:00Z', 'schedule_conflict') RETURNING id`,
    [account!.id, provider!.id, provider!.practice_id],
  );
  await db.query('INSERT INTO appointment_patients (appointment_id, patient_id, position) VALUES ($1, $2, 0)', [appointment!.id, patient!.id]);

  const at = {
    exportId: '00000000-0000-4000-8000-000000000038',
    generatedAt: new Date('2026-11-29T15:00:00Z'),
    zone: 'America/New_York',
    baseUrl: 'https://care.example',
    language: 'es' as const,
  };
  const input = await withLocale('es', () => gatherRecord(db, account!.id, at));
  const bundle = buildRecordBundle(input);
  expect(fhirSchemaErrors(bundle)).toEqual([]);
  const counts = resourceCounts(bundle);
  expect(counts.Patient).toBe((await db.query('SELECT id FROM patients WHERE user_id = $1', [account!.id])).length);
  expect(counts.Observation).toBe(counts.QuestionnaireResponse);
  expect(counts.Observation).toBeGreaterThanOrEqual(1);
  expect(counts.Appointment).toBe(
    (
      await db.query(
        'SELECT DISTINCT a.id FROM appointments a JOIN appointment_patients ap ON ap.appointment_id = a.id JOIN patients p ON p.id = ap.patient_id WHERE p.user_id = $1',
        [account!.id],
      )
    ).length,
  );
  const cancelled = bundle.entry!.find((e) => e.resource?.id === appointment!.id)?.resource;
  expect(cancelled).toMatchObject({ resourceType: 'Appointment', status: 'cancelled' });
  expect(JSON.stringify(cancelled)).toContain('2026-10-30T12:00:00.000Z');
  expect(JSON.stringify(bundle)).not.toContain('7731');
  expect(JSON.stringify(bundle)).toContain('44261-6');

  const { text } = await pdfText(await withLocale('es', () => recordPdf(input.words, at.generatedAt, at.zone)));
  expect(text).toContain(`Jordán ${patient!.last_name}`);
  expect(text).toContain('Su historia clínica');
  expect(text).toContain('puntuación 8 (Leve)');
  expect(text).toContain('45 CFR 164.501');
  expect(text).not.toContain('7731');
});
