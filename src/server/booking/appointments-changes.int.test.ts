/** Cancelling (late fees included), rescheduling and booking again. */
import { randomUUID } from 'node:crypto';
import { signUp } from '@tests/support/sign-up';
import { callerFor, mailTo } from '@tests/support/sessions';
import { bookingBody, consentGiven, hold, makeSlots, selfPatientOf } from '@tests/support/booking';
import { insurePatient } from '@tests/support/insurance';
import { constants } from '@/generated/constants';
import { enums } from '@/generated/enums';
import { appointmentEventUid } from '@/domain/calendar';
import { formatWhen } from '@/domain/date-format';
import { approved, avery, bookJordan, count, declined, insured, jordan, sam, self, t, tokenize, startAppointmentsApp } from './appointments-world';
import { qb } from '@/server/db/typed';

startAppointmentsApp();

describe('cancel, reschedule, rebook', () => {
  async function makeLate(appointmentId: string) {
    await t.app.database.query(`UPDATE appointments SET during = tstzrange(now() + interval '3 hours', now() + interval '4 hours') WHERE id = $1`, [
      appointmentId,
    ]);
    await t.app.database.query(
      `UPDATE slot_reservations SET during = tstzrange(now() + interval '3 hours', now() + interval '4 hours') WHERE appointment_id = $1`,
      [appointmentId],
    );
  }

  it('cancels with a reason, frees the time, and cannot cancel or reschedule twice', async () => {
    const [slot, next] = await makeSlots(t.app.database, 2);
    const appt = await bookJordan(slot!);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${appt.id}/cancel`,
      headers: jordan.headers,
      payload: { reasonId: 'schedule_conflict' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancellation: { reasonId: 'schedule_conflict', late: false, feeCents: 0, feeStatus: 'none' } });
    expect(enums.appointmentStatus.labels.cancelled).toBe('Cancelled');
    expect((await hold(t.app, avery, slot!)).statusCode).toBe(201);
    const again = await t.app.inject({ method: 'POST', url: `/api/appointments/${appt.id}/cancel`, headers: jordan.headers, payload: { reasonId: 'other' } });
    expect(again.json().errorCode).toBe('APPOINTMENT_NOT_CANCELLABLE');
    const held = (await hold(t.app, jordan, next!)).json();
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${appt.id}/reschedule`,
      headers: jordan.headers,
      payload: { holdId: held.holdId, slotId: next!.id },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().errorCode).toBe('APPOINTMENT_NOT_RESCHEDULABLE');
    const mail = (await mailTo(t.app, jordan.email)).find((m) => m.template === 'appointment-cancellation');
    expect(mail?.text).toContain(formatWhen(slot!.start, appt.timeZone));
  });

  it('late cancellation: charges the fee to the card on file, or refuses while the flag blocks it; staff may waive', async () => {
    const [a, b, c] = await makeSlots(t.app.database, 3);
    const card = (await tokenize(jordan, constants.testCardNumbers.approved[2]!.number)).json();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/patient-cards',
          headers: jordan.headers,
          payload: { patientId: self.id, nonce: card.nonce, makeDefault: true },
        })
      ).statusCode,
    ).toBe(201);
    const first = await bookJordan(a!);
    await makeLate(first.id);
    t.app.flags.force({ cancelUntilAppointmentTime: 'block' });
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${first.id}/cancel`,
      headers: jordan.headers,
      payload: { reasonId: 'illness' },
    });
    expect(blocked.statusCode).toBe(409);
    t.app.flags.force({ cancelUntilAppointmentTime: 'allow', clientCancelWithin48Hours: 'charge' });
    const charged = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${first.id}/cancel`,
      headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
      payload: { reasonId: 'illness' },
    });
    expect(charged.json().cancellation).toMatchObject({ late: true, feeCents: constants.lateCancelFeeCents, feeStatus: 'charged' });
    expect(
      await count(qb.selectFrom('payments').where('appointment_id', '=', first.id).where('purpose', '=', 'late_cancel_fee').where('status', '=', 'succeeded')),
    ).toBe(1);

    const second = await bookJordan(b!);
    await makeLate(second.id);
    t.app.flags.force({ clientCancelWithin48Hours: 'waive' });
    const waived = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${second.id}/cancel`,
      headers: jordan.headers,
      payload: { reasonId: 'illness' },
    });
    expect(waived.json().cancellation).toMatchObject({ feeStatus: 'waived', feeCents: 0 });

    const third = await bookJordan(c!);
    await makeLate(third.id);
    t.app.flags.force({ cancelUntilAppointmentTime: 'block' });
    const byStaff = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${third.id}/cancel`,
      headers: sam.headers,
      payload: { reasonId: 'emergency', waiveFee: true },
    });
    expect(byStaff.json()).toMatchObject({ status: 'cancelled', cancellation: { feeStatus: 'waived' } });
    t.app.flags.force({});
  });

  it('an outstanding fee is paid once with payAppointment, whatever the retries', async () => {
    const [slot] = await makeSlots(t.app.database, 1);
    const email = `fee.${randomUUID().slice(0, 8)}@example.com`;
    await signUp(t.app, { email, firstName: 'Kai', lastName: 'Fee', dateOfBirth: '1980-01-01' });
    const kai = await callerFor(t.app, email);
    const held = (await hold(t.app, kai, slot!)).json();
    const kaiSelf = await selfPatientOf(t.app.database, kai.id);
    const booked = (
      await t.app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: { ...kai.headers, 'idempotency-key': randomUUID() },
        payload: bookingBody(held.holdId, slot!, [{ id: kaiSelf.id, consents: consentGiven() }], {
          insuranceId: await insurePatient(t.app.database, kaiSelf.id),
        }),
      })
    ).json();
    await makeLate(booked.id);
    const cancelled = (
      await t.app.inject({ method: 'POST', url: `/api/appointments/${booked.id}/cancel`, headers: kai.headers, payload: { reasonId: 'cost' } })
    ).json();
    expect(cancelled).toMatchObject({ amountDueCents: constants.lateCancelFeeCents, cancellation: { feeStatus: 'outstanding' } });
    const key = randomUUID();
    const bad = (await tokenize(kai, declined)).json();
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${booked.id}/pay`,
      headers: { ...kai.headers, 'idempotency-key': key },
      payload: { nonce: bad.nonce },
    });
    expect(refused.statusCode).toBe(402);
    // The failed attempt is kept as what it was: a late-cancellation fee, not a balance.
    expect(
      await count(qb.selectFrom('payments').where('appointment_id', '=', booked.id).where('status', '=', 'failed').where('purpose', '=', 'late_cancel_fee')),
    ).toBe(1);
    const good = (await tokenize(kai, approved)).json();
    const payKey = randomUUID();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${booked.id}/pay`,
      headers: { ...kai.headers, 'idempotency-key': payKey },
      payload: { nonce: good.nonce },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'succeeded', amountCents: constants.lateCancelFeeCents, amountDueCents: 0 });
    const replay = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${booked.id}/pay`,
      headers: { ...kai.headers, 'idempotency-key': payKey },
      payload: { nonce: good.nonce },
    });
    expect(replay.json().paymentId).toBe(paid.json().paymentId);
    expect(await count(qb.selectFrom('payments').where('appointment_id', '=', booked.id).where('status', '=', 'succeeded'))).toBe(1);
    const nothing = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${booked.id}/pay`,
      headers: { ...kai.headers, 'idempotency-key': randomUUID() },
      payload: { nonce: good.nonce },
    });
    expect(nothing.json().errorCode).toBe('NOTHING_TO_PAY');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/payments/${booked.id}/pay`,
          headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
          payload: { nonce: good.nonce },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('reschedules to another slot of the same provider through a hold, and rebooks', async () => {
    const [slot, next, later] = await makeSlots(t.app.database, 3);
    const [elsewhere] = await makeSlots(t.app.database, 1, { providerOffset: 7 });
    const appt = await bookJordan(slot!);
    const otherHold = (await hold(t.app, jordan, elsewhere!)).json();
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${appt.id}/reschedule`,
      headers: jordan.headers,
      payload: { holdId: otherHold.holdId, slotId: elsewhere!.id },
    });
    expect(wrong.statusCode).toBe(409);
    const held = (await hold(t.app, jordan, next!)).json();
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${appt.id}/reschedule`,
      headers: jordan.headers,
      payload: { holdId: held.holdId, slotId: next!.id },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: appt.id, start: next!.start, slotId: next!.id, rescheduledFrom: slot!.start, status: 'booked' });
    expect((await hold(t.app, avery, slot!)).statusCode).toBe(201);
    expect((await hold(t.app, avery, next!)).statusCode).toBe(409);
    const mail = (await mailTo(t.app, jordan.email)).find((m) => m.template === 'appointment-reschedule');
    expect(mail?.text).toContain(formatWhen(next!.start, appt.timeZone));
    // The mailed event replaces the one the portal or the first mail put in a calendar: same UID, higher SEQUENCE.
    const full = (await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' }))
      .json()
      .messages.find((m: { to: string; template: string }) => m.to === jordan.email && m.template === 'appointment-reschedule');
    const movedEvent = full.attachments[0].content.replace(/\r\n[ \t]/g, '');
    expect(movedEvent).toContain(`UID:${appointmentEventUid(appt.id)}`);
    expect(moved.json().calendarSequence).toBeGreaterThan(appt.calendarSequence);
    expect(movedEvent).toContain(`SEQUENCE:${moved.json().calendarSequence}`);

    const again = (await hold(t.app, jordan, later!)).json();
    const rebooked = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/rebook/${appt.id}`,
      headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
      payload: { holdId: again.holdId, slotId: later!.id },
    });
    expect(rebooked.statusCode).toBe(201);
    expect(rebooked.json()).toMatchObject({
      rebookedFrom: appt.id,
      bookingFunnel: 'Patient Rebooking Modal',
      start: later!.start,
      insuranceId: insured.insuranceId,
    });
    expect(rebooked.json().patients.map((p: { id: string }) => p.id)).toEqual([self.id]);
  });
});
