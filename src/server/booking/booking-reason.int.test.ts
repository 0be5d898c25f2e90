/** The booking's written reason ("What would you like help with?"): kept with the appointment, and crisis words in it raise the one crisis rule's alerts. */
import { randomUUID } from 'node:crypto';
import { auditRows, callerFor, type TestCaller } from '@tests/support/sessions';
import { bookingBody, consentGiven, hold, makeSlots } from '@tests/support/booking';
import { constants } from '@/generated/constants';
import { messages } from '@/generated/messages';
import { bookJordan, insured, jordan, self, t, startAppointmentsApp } from './appointments-world';

startAppointmentsApp();

let support: TestCaller;
beforeAll(async () => {
  support = await callerFor(t.app, 'sam.okafor@example.com');
});

const alertsOf = async (appointmentId: string) =>
  t.app.database.query<{ kind: string; priority: string; provider_id: string | null; reason: string; details: Record<string, unknown> }>(
    `SELECT kind, priority, provider_id, reason, details FROM tasks WHERE subject_type = 'appointment' AND subject_id = $1 AND kind IN ('red_alert', 'clinical_alert') ORDER BY kind`,
    [appointmentId],
  );
const reasonOf = async (appointmentId: string) =>
  (await t.app.database.query<{ reason: string | null }>('SELECT reason FROM appointments WHERE id = $1', [appointmentId]))[0]!.reason;

describe("the booking's written reason", () => {
  it('is optional and kept, trimmed; words that are not crisis words raise nothing', async () => {
    const [first, second] = await makeSlots(t.app.database, 2);
    const without = await bookJordan(first!);
    expect(await reasonOf(without.id)).toBeNull();
    const booked = await bookJordan(second!, { reason: '  Trouble sleeping; harmless worries about work ' });
    expect(await reasonOf(booked.id)).toBe('Trouble sleeping; harmless worries about work');
    expect(await alertsOf(booked.id)).toEqual([]);
  });

  it('is refused past its length', async () => {
    const [slot] = await makeSlots(t.app.database, 1);
    const held = (await hold(t.app, jordan, slot!)).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
      payload: {
        ...bookingBody(held.holdId, slot!, [{ id: self.id, consents: consentGiven() }], insured),
        reason: 'x'.repeat(constants.bookingReasonMaxLength + 1),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('VALIDATION_FAILED');
  });

  it.each([
    ['English', 'Lately I want to die, honestly'],
    ['Spanish, any case and accents', 'A veces pienso en el SUICIDIO'],
  ])('with crisis words (%s) raises a stat red alert for support and a stat clinical alert for the clinician, naming no words', async (_, reason) => {
    const [slot] = await makeSlots(t.app.database, 1);
    const booked = await bookJordan(slot!, { reason });
    const alerts = await alertsOf(booked.id);
    expect(alerts).toEqual([
      expect.objectContaining({ kind: 'clinical_alert', priority: 'stat', provider_id: slot!.providerId, reason: messages['task.clinicalAlert.bookingWords'] }),
      expect.objectContaining({ kind: 'red_alert', priority: 'stat', reason: messages['task.redAlert.bookingCrisisWords'], details: { source: 'booking' } }),
    ]);
    const shown = (await t.app.inject({ method: 'GET', url: '/api/support/red-alerts', headers: support.headers })).json().items;
    const alert = shown.find(
      (a: { subject?: { id: string }; reason: string }) => a.reason === messages['task.redAlert.bookingCrisisWords'] && a.subject?.id === booked.id,
    );
    expect(alert).toMatchObject({ priority: 'stat', patient: { id: self.id } });
    // Neither the alerts nor the audit trail repeat what was written.
    const words = reason.split(' ').at(-1)!;
    expect(JSON.stringify(alerts)).not.toContain(words);
    const audit = await auditRows(t.app, "action = 'createAppointment' AND actor_id = $1", [jordan.id]);
    expect(audit.at(-1)).toMatchObject({ outcome: 'success' });
    expect(JSON.stringify(audit)).not.toContain(words);
  });

  it('a replayed booking raises its alerts once', async () => {
    const [slot] = await makeSlots(t.app.database, 1);
    const held = (await hold(t.app, jordan, slot!)).json();
    const payload = { ...bookingBody(held.holdId, slot!, [{ id: self.id, consents: consentGiven() }], insured), reason: 'I might hurt myself' };
    const headers = { ...jordan.headers, 'idempotency-key': randomUUID() };
    const first = await t.app.inject({ method: 'POST', url: '/api/appointments', headers, payload });
    expect(first.statusCode).toBe(201);
    const again = await t.app.inject({ method: 'POST', url: '/api/appointments', headers, payload });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await alertsOf(first.json().id)).filter((a) => a.kind === 'red_alert')).toHaveLength(1);
  });
});
