/** Booking: the idempotency key, expired holds, self-pay charges, new patients, who reaches which account, lists. */
import { randomUUID } from 'node:crypto';
import { signUp } from '@tests/support/sign-up';
import { callerFor, mailTo, auditRows } from '@tests/support/sessions';
import { bookingBody, consentGiven, hold, makeSlots, selfPatientOf } from '@tests/support/booking';
import { insurePatient } from '@tests/support/insurance';
import { constants } from '@/generated/constants';
import { errorCatalogue } from '@/generated/errors';
import { messages } from '@/generated/messages';
import { appointmentEventUid } from '@/domain/calendar';
import { formatWhen } from '@/domain/date-format';
import { localStampIn } from '@/domain/calendar-zone';
import { approved, avery, bookJordan, count, declined, insured, jordan, mia, sam, self, taylor, t, tokenize, startAppointmentsApp } from './appointments-world';
import { qb } from '@/server/db/typed';

startAppointmentsApp();

describe('booking', () => {
  it('needs an Idempotency-Key, replays the first answer for the same key, and refuses the key for another request', async () => {
    const [slot] = await makeSlots(t.app.database, 1);
    const held = (await hold(t.app, jordan, slot!)).json();
    const body = bookingBody(held.holdId, slot!, [{ id: self.id, consents: consentGiven() }], insured);
    const noKey = await t.app.inject({ method: 'POST', url: '/api/appointments', headers: jordan.headers, payload: body });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errorCode).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const key = randomUUID();
    const first = await t.app.inject({ method: 'POST', url: '/api/appointments', headers: { ...jordan.headers, 'idempotency-key': key }, payload: body });
    const second = await t.app.inject({ method: 'POST', url: '/api/appointments', headers: { ...jordan.headers, 'idempotency-key': key }, payload: body });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await count(qb.selectFrom('appointments').where('slot_id', '=', slot!.id))).toBe(1);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { ...jordan.headers, 'idempotency-key': key },
      payload: { ...body, counselingTypeId: 'x' },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().errorCode).toBe('IDEMPOTENCY_KEY_REUSED');
    // A new key for a hold that is already a booking: 3001.
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
      payload: body,
    });
    expect(third.json().errorCode).toBe(3001);
  });

  it('refuses an expired hold and books nothing', async () => {
    const [slot] = await makeSlots(t.app.database, 1);
    const held = (await hold(t.app, jordan, slot!)).json();
    // A second before the app's clock (which decides), not the database's.
    await t.app.database.query('UPDATE slot_reservations SET expires_at = $2 WHERE id = $1', [
      held.holdId,
      new Date(t.app.clock.now().getTime() - 1000).toISOString(),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
      payload: bookingBody(held.holdId, slot!, [{ id: self.id, consents: consentGiven() }], insured),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: 'SLOT_HOLD_EXPIRED', message: errorCatalogue.SLOT_HOLD_EXPIRED.message });
    expect(await count(qb.selectFrom('appointments').where('slot_id', '=', slot!.id))).toBe(0);
    expect(
      await count(
        qb
          .selectFrom('slot_reservations')
          .where('slot_id', '=', slot!.id)
          .where((eb) => eb.or([eb('kind', '=', 'booking'), eb('expires_at', '>', t.app.clock.now())])),
      ),
    ).toBe(0);
  });

  it('charges self-pay at the provider pay rate; a declined card books and charges nothing', async () => {
    const [slot] = await makeSlots(t.app.database, 1);
    const [rate] = await t.app.database.query<{ cents: number }>('SELECT (pay_individual * 100)::int AS cents FROM providers WHERE id = $1', [
      slot!.providerId,
    ]);
    const bad = (await tokenize(jordan, declined)).json();
    const held = (await hold(t.app, jordan, slot!)).json();
    const selfPay = { selfPay: true, selfPayConsentCategory: 'selfPay' };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
      payload: { ...bookingBody(held.holdId, slot!, [{ id: self.id, consents: consentGiven() }], selfPay), payment: { nonce: bad.nonce } },
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().errorCode).toBe('CARD_DECLINED');
    expect(refused.json().message.startsWith(errorCatalogue.CARD_DECLINED.message.split('{phone}')[0]!)).toBe(true);
    expect(await count(qb.selectFrom('appointments').where('slot_id', '=', slot!.id))).toBe(0);
    expect(await count(qb.selectFrom('payments').where('user_id', '=', jordan.id).where('status', '=', 'succeeded').where('appointment_id', 'is', null))).toBe(
      0,
    );
    expect(
      await count(qb.selectFrom('payments').where('user_id', '=', jordan.id).where('status', '=', 'failed').where('card_last4', '=', declined.slice(-4))),
    ).toBeGreaterThan(0);
    const noCard = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
      payload: bookingBody(held.holdId, slot!, [{ id: self.id, consents: consentGiven() }], selfPay),
    });
    expect(noCard.json().errorCode).toBe('CARD_REQUIRED');
    const good = (await tokenize(jordan, approved)).json();
    expect(good).toMatchObject({ brand: 'Visa', last4: approved.slice(-4) });
    expect(JSON.stringify(good)).not.toContain(approved);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
      payload: { ...bookingBody(held.holdId, slot!, [{ id: self.id, consents: consentGiven() }], selfPay), payment: { nonce: good.nonce, saveCard: true } },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      selfPay: true,
      priceCents: rate!.cents,
      amountDueCents: 0,
      payment: { status: 'succeeded', amountCents: rate!.cents, cardLast4: approved.slice(-4), provider: 'card_gateway' },
    });
    const cards = await t.app.inject({ method: 'GET', url: `/api/patient-cards/patient/${self.id}`, headers: jordan.headers });
    expect(cards.json().items[0]).toMatchObject({ last4: approved.slice(-4), isDefault: true });
    const stored = await t.app.database.query<{ token: string }>('SELECT token FROM patient_cards WHERE user_id = $1', [jordan.id]);
    expect(stored.every((c) => !c.token.includes(approved))).toBe(true);
  });

  it('creates new patients: a minor needs an adult responsible party; Self and minors need consent; one Self per account', async () => {
    const email = `new.${randomUUID().slice(0, 8)}@example.com`;
    expect((await signUp(t.app, { email, firstName: 'Riley', lastName: 'Stone' })).statusCode).toBe(200);
    const riley = await callerFor(t.app, email);
    const rileySelf = await selfPatientOf(t.app.database, riley.id);
    const support = { ...sam.headers, 'x-app-source': 'support_web' };
    const [slot, slot2] = await makeSlots(t.app.database, 2);
    const child = { firstName: 'Noa', lastName: 'Stone', relationship: 'Child', dateOfBirth: '2016-05-01', consents: consentGiven('support_web') };
    // A new primary patient has no insurance on file: such bookings pay themselves, with a card.
    const selfPay = { selfPay: true, payment: { nonce: (await tokenize(sam, approved)).json().nonce } };
    // Riley's own insurance on file, for the bookings where Riley comes first.
    const rileyInsured = { insuranceId: await insurePatient(t.app.database, rileySelf.id) };
    let held = (await hold(t.app, sam, slot!)).json();
    const noParty = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/support',
      headers: { ...support, 'idempotency-key': randomUUID() },
      payload: { ...bookingBody(held.holdId, slot!, [child], selfPay), email },
    });
    expect(noParty.statusCode).toBe(422);
    expect(noParty.json().message).toBe(errorCatalogue.RESPONSIBLE_PARTY_NOT_CREATED.message);
    const minorParty = { firstName: 'Teen', lastName: 'Stone', dob: '2012-01-01' };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/appointments/support',
          headers: { ...support, 'idempotency-key': randomUUID() },
          payload: { ...bookingBody(held.holdId, slot!, [child], selfPay), email, responsibleParty: minorParty },
        })
      ).json().message,
    ).toBe(errorCatalogue.RESPONSIBLE_PARTY_NOT_CREATED.message);
    const noConsent = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/support',
      headers: { ...support, 'idempotency-key': randomUUID() },
      payload: {
        ...bookingBody(held.holdId, slot!, [{ id: rileySelf.id }, child], rileyInsured),
        email,
        responsibleParty: { firstName: 'Riley', lastName: 'Stone', dob: '1985-02-03' },
      },
    });
    expect(noConsent.json()).toMatchObject({
      errorCode: 'CONSENT_REQUIRED',
      message: errorCatalogue.CONSENT_REQUIRED.message.replace('{patient}', 'Riley Stone'),
    });
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/support',
      headers: { ...support, 'idempotency-key': randomUUID() },
      payload: {
        ...bookingBody(held.holdId, slot!, [{ id: rileySelf.id, consents: consentGiven('support_web') }, child], {
          ...rileyInsured,
          counselingType: 'Family Counseling',
          timeZone: 'America/Denver',
        }),
        email,
        responsibleParty: { firstName: 'Riley', lastName: 'Stone', dob: '1985-02-03' },
      },
    });
    expect(booked.statusCode).toBe(201);
    const appt = booked.json();
    expect(appt.patients).toEqual([
      expect.objectContaining({ firstName: 'Riley', relationship: 'Self', isNew: false }),
      expect.objectContaining({ firstName: 'Noa', relationship: 'Child', isNew: true }),
    ]);
    expect(appt).toMatchObject({ bookingFunnel: 'Support Standard Funnel', timeZone: 'America/Denver', selfPay: false, insuranceId: rileyInsured.insuranceId });
    const consents = await t.app.database.query<{ signer_capacity: string; source: string }>(
      'SELECT signer_capacity, source FROM consents WHERE appointment_id = $1 ORDER BY signer_capacity',
      [appt.id],
    );
    expect(consents.map((c) => c.signer_capacity)).toContain(messages['consent.guardianOf'].replace('{patient}', 'Noa Stone'));
    expect(consents.every((c) => c.source === 'support_web')).toBe(true);
    // A second Self is refused.
    held = (await hold(t.app, sam, slot2!)).json();
    const secondSelf = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/support',
      headers: { ...support, 'idempotency-key': randomUUID() },
      payload: {
        ...bookingBody(
          held.holdId,
          slot2!,
          [{ firstName: 'Other', lastName: 'Stone', dateOfBirth: '1980-01-01', relationship: 'Self', consents: consentGiven() }],
          selfPay,
        ),
        email,
      },
    });
    expect(secondSelf.statusCode).toBe(400);
    expect(secondSelf.json().errors).toEqual([expect.objectContaining({ field: 'patients.0.relationship' })]);
    // Staff booked it, and the e-mail states the time in the patient's zone, with the calendar entry.
    const [mail] = await mailTo(t.app, email);
    expect(mail).toBeDefined();
    const full = (await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' }))
      .json()
      .messages.find((m: { to: string; template: string }) => m.to === email && m.template === 'appointment-confirmation');
    expect(full.text).toContain(formatWhen(slot!.start, 'America/Denver'));
    // The join link is the session's video room on this site, in the mail and its calendar entry.
    expect(appt.joinUrl).toBe(`/app/visit/${appt.id}`);
    expect(full.text).toContain(`${t.app.publicUrl}/app/visit/${appt.id}`);
    expect(full.attachments[0].content.replace(/\r\n[ \t]/g, '')).toContain(`URL:${t.app.publicUrl}/app/visit/${appt.id}`);
    // The calendar entry is in the patient's zone too: a wall-clock time with TZID, and that zone's VTIMEZONE before the event.
    expect(full.attachments[0].content).toMatch(/BEGIN:VCALENDAR[\s\S]*BEGIN:VTIMEZONE\r\nTZID:America\/Denver[\s\S]*BEGIN:VEVENT[\s\S]*END:VCALENDAR/);
    expect(full.attachments[0].content).toContain(`DTSTART;TZID=America/Denver:${localStampIn('America/Denver', slot!.start)}\r\n`);
    expect(full.attachments[0].content).toContain(`UID:${appointmentEventUid(appt.id)}`);
    expect(full.attachments[0].content).toContain('SEQUENCE:0');
  });

  it('a patient reaches only their own account: others get 404 and the refusal is audited', async () => {
    const [slot] = await makeSlots(t.app.database, 1);
    const appt = await bookJordan(slot!);
    for (const who of [avery, taylor]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/appointments/${appt.id}`, headers: who.headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/appointments?userId=${jordan.id}`, headers: who.headers })).statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/appointments/${appt.id}/cancel`, headers: who.headers, payload: { reasonId: 'other' } })).statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/appointments/provider/${slot!.providerId}/patient/${self.id}`, headers: who.headers })).statusCode,
      ).toBe(404);
    }
    const [slot2] = await makeSlots(t.app.database, 1);
    const held = (await hold(t.app, avery, slot2!)).json();
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { ...avery.headers, 'idempotency-key': randomUUID() },
      payload: bookingBody(held.holdId, slot2!, [{ id: self.id, consents: consentGiven() }], insured),
    });
    expect(stolen.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/appointments/${appt.id}`, headers: sam.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/appointments/${appt.id}`, headers: jordan.headers })).json().id).toBe(appt.id);
    const denied = await auditRows(t.app, "action = 'getAppointment' AND record_id = $1 AND outcome = 'denied'", [appt.id]);
    expect(denied.length).toBeGreaterThanOrEqual(2);
    expect((await auditRows(t.app, "action = 'createAppointment' AND record_id = $1 AND outcome = 'success'", [appt.id])).length).toBe(1);
  });

  it('lists upcoming and past appointments, and answers the existence checks', async () => {
    const [slot] = await makeSlots(t.app.database, 1, { providerOffset: 5 });
    const appt = await bookJordan(slot!);
    const upcoming = (await t.app.inject({ method: 'GET', url: '/api/appointments?when=upcoming', headers: jordan.headers })).json();
    expect(upcoming.items.map((a: { id: string }) => a.id)).toContain(appt.id);
    const past = (await t.app.inject({ method: 'GET', url: `/api/appointments?when=past&patientId=${self.id}`, headers: jordan.headers })).json();
    expect(past.items.map((a: { id: string }) => a.id)).not.toContain(appt.id);
    const exists = await t.app.inject({ method: 'GET', url: `/api/appointments/provider/${slot!.providerId}/patient/${self.id}`, headers: jordan.headers });
    expect(exists.json()).toEqual({ appointmentsExist: true });
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/appointments/provider/${slot!.providerId}/patient/${self.id}?appointmentId=${appt.id}`,
      headers: jordan.headers,
    });
    expect(other.json()).toBe(false);
    const type = encodeURIComponent('Individual Counseling');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/appointments/patient/${self.id}/provider/${slot!.providerId}/counselling-type/${type}/exists`,
          headers: jordan.headers,
        })
      ).json(),
    ).toEqual({ exists: true });
    const med = encodeURIComponent('Medication/Psychiatry');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/appointments/patient/${mia!.id}/provider/${slot!.providerId}/counselling-type/${med}/exists`,
          headers: jordan.headers,
        })
      ).json(),
    ).toEqual({ exists: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/appointments/late-cancelation-window-and-fee', headers: jordan.headers })).json()).toEqual({
      windowHours: constants.lateCancelWindowHours,
      feeCents: constants.lateCancelFeeCents,
      currency: constants.currency,
    });
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const reasons = (
      await t.app.inject({ method: 'GET', url: `/api/appointments/appointment-cancelation-reasons?startDate=${soon}`, headers: jordan.headers })
    ).json();
    expect(reasons).toMatchObject({ lateCancellation: true, feeCents: constants.lateCancelFeeCents });
    expect(reasons.items.map((r: { id: string }) => r.id)).toEqual(
      constants.appointmentCancellationReasons.map((r) => r.id).filter((id) => id !== constants.practiceCancellationReasonId),
    );
  });
});
