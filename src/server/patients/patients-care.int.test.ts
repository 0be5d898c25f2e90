/** A patient's care status, associated providers, notes and authorizations. */
import { enums } from '@/generated/enums';
import { messages } from '@/generated/messages';
import { addDaysIso, todayIso } from '@/domain/dates';
import { agent, avery, averySelf, clinician, jordan, jordanSelf, mia, startPatientsApp, support, t } from './patients-world';

startPatientsApp();

describe('GET /api/patients/care-status and associated-providers', () => {
  it('reads patientIds in bracket format', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/patients/care-status?patientIds[]=${jordanSelf}&patientIds[]=${mia}`, headers: jordan.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { patientId: string }) => i.patientId)).toEqual([jordanSelf, mia]);
    for (const item of res.json().items) expect(enums.careStatus.values).toContain(item.careStatus);
    const one = await t.app.inject({ method: 'GET', url: `/api/patients/care-status?patientIds[]=${mia}`, headers: jordan.headers });
    expect(one.json().items).toHaveLength(1);
  });

  it('answers 404 when any patient is out of reach', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/patients/care-status?patientIds[]=${jordanSelf}&patientIds[]=${averySelf}`,
      headers: jordan.headers,
    });
    expect(res.statusCode).toBe(404);
  });

  it("follows the patient's appointments: in care with one to come, the providers most recent first", async () => {
    const db = t.db.database;
    // Two new dependants of Jordan's: one booked below, one never booked.
    const [noah, ava] = (await db.query<{ id: string }>(
      "INSERT INTO patients (user_id, first_name, last_name, date_of_birth, relationship) VALUES ($1, 'Noah', 'Rivera', '2017-05-05', 'Child'), ($1, 'Ava', 'Rivera', '2019-06-06', 'Child') RETURNING id",
      [jordan.id],
    )) as [{ id: string }, { id: string }];
    const providers = await db.query<{ id: string; practice_id: string; last_name: string }>(
      'SELECT id, practice_id, last_name FROM providers WHERE removed_at IS NULL ORDER BY id LIMIT 2',
    );
    const book = async (providerIndex: number, startSql: string, status = 'booked') => {
      const p = providers[providerIndex]!;
      const [a] = await db.query<{ id: string }>(
        `INSERT INTO appointments (user_id, provider_id, practice_id, during, status, cancelled_at, appointment_mode, counseling_type, time_zone, self_pay, app_source, booked_by)
         VALUES ($1, $2, $3, tstzrange(${startSql}, ${startSql} + interval '50 minutes'), $4, CASE WHEN $4 = 'cancelled' THEN now() END, 'online', 'Individual Counseling', 'America/New_York', true, 'patient_web', $1)
         RETURNING id`,
        [jordan.id, p.id, p.practice_id, status],
      );
      await db.query('INSERT INTO appointment_patients (appointment_id, patient_id, position) VALUES ($1, $2, 0)', [a!.id, noah.id]);
    };
    await book(0, "now() - interval '30 days'");
    await book(1, "now() + interval '7 days'");
    await book(1, "now() + interval '9 days'", 'cancelled');
    const status = (
      await t.app.inject({ method: 'GET', url: `/api/patients/care-status?patientIds[]=${noah.id}&patientIds[]=${ava.id}`, headers: jordan.headers })
    ).json().items;
    expect(status[0]).toMatchObject({
      patientId: noah.id,
      careStatus: 'in_care',
      bookedCount: 2,
      nextAppointmentAt: expect.any(String),
      lastAppointmentAt: expect.any(String),
    });
    expect(status[1]).toMatchObject({ patientId: ava.id, careStatus: 'new', bookedCount: 0 });
    const associated = (await t.app.inject({ method: 'GET', url: `/api/patients/associated-providers?patientId=${noah.id}`, headers: support.headers })).json()
      .items;
    expect(associated.map((a: { providerId: string }) => a.providerId)).toEqual([providers[1]!.id, providers[0]!.id]);
    expect(associated[0]).toMatchObject({ lastName: providers[1]!.last_name, appointmentCount: 2, nextAppointmentAt: expect.any(String) });
  });

  it('lists associated providers of a reachable patient only', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/patients/associated-providers?patientId=${jordanSelf}`, headers: jordan.headers });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json().items)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/associated-providers?patientId=${jordanSelf}`, headers: avery.headers })).statusCode).toBe(
      404,
    );
  });
});

describe('notes', () => {
  it('lists the note types of the spec', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/patients/note-types', headers: support.headers });
    expect(res.json().items).toEqual(enums.patientNoteType.values.map((value) => ({ value, label: enums.patientNoteType.labels[value] })));
    expect((await t.app.inject({ method: 'GET', url: '/api/patients/note-types', headers: jordan.headers })).statusCode).toBe(403);
  });

  it('saves a note with its author, newest first', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients/save-note',
      headers: support.headers,
      payload: { patientId: jordanSelf, noteType: 'scheduling', text: 'Prefers evenings.' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ patientId: jordanSelf, noteType: 'scheduling', authorId: support.id, authorName: 'Sam Okafor' });
    const list = await t.app.inject({ method: 'GET', url: `/api/patients/${jordanSelf}/notes`, headers: support.headers });
    expect(list.json().items[0]).toMatchObject({ id: res.json().id, text: 'Prefers evenings.' });
  });

  it("refuses blank notes and patients; a clinician reaches only their own clients, an agent only their partner's members", async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/patients/save-note',
          headers: support.headers,
          payload: { patientId: jordanSelf, noteType: 'general', text: '   ' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/patients/save-note',
          headers: jordan.headers,
          payload: { patientId: jordanSelf, noteType: 'general', text: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    // Jordan has no session with the clinician's provider here: not their client.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/patients/save-note',
          headers: clinician.headers,
          payload: { patientId: jordanSelf, noteType: 'general', text: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/patients/save-note',
          headers: agent.headers,
          payload: { patientId: jordanSelf, noteType: 'general', text: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('authorizations', () => {
  const form = (referringProviderEhrId: string, over: Record<string, string> = {}) => ({
    personalInformation: { gender: 'Female', memberId: '1234' },
    referralInformation: { referringProviderEhrId, referralReason: 'Anxiety', effectiveDate: todayIso(), expirationDate: addDaysIso(todayIso(), 90), ...over },
    authorizationInformation: { authorizationNumber: 'AUTH-1', authorizationDescription: 'Twelve sessions' },
  });

  it("saves an authorization with a referring provider of the member's partner, and lists it as active", async () => {
    const [referrer] = await t.db.database.query<{ ehr_id: string }>(
      'SELECT r.ehr_id FROM referring_providers r JOIN users u ON u.business_partner_id = r.business_partner_id WHERE u.id = $1 LIMIT 1',
      [avery.id],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/patients/${averySelf}/authorizations`,
      headers: avery.headers,
      payload: form(referrer!.ehr_id),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ patientId: averySelf, isActive: true, form: { authorizationInformation: { authorizationNumber: 'AUTH-1' } } });
    const list = await t.app.inject({ method: 'GET', url: `/api/patients/${averySelf}/authorizations`, headers: agent.headers });
    expect(list.json().items[0].id).toBe(res.json().id);
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${averySelf}/authorizations`, headers: jordan.headers })).statusCode).toBe(404);
  });

  it('refuses an unknown referring provider and an expiration before the effective date, with the §5 messages', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: `/api/patients/${averySelf}/authorizations`, headers: avery.headers, payload: form('NO-SUCH') });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].reason).toBe(messages['validation.authorization.referringProvider.required']);
    const reversed = await t.app.inject({
      method: 'POST',
      url: `/api/patients/${averySelf}/authorizations`,
      headers: avery.headers,
      payload: form('NO-SUCH', { effectiveDate: addDaysIso(todayIso(), 30), expirationDate: addDaysIso(todayIso(), 10) }),
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors.map((e: { reason: string }) => e.reason)).toContain(messages['validation.authorization.expirationDate.beforeEffective']);
  });
});
