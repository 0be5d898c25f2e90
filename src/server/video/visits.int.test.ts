/**
 * The video room's access rules: GET /api/visits/{appointmentId} and its signalling
 * WebSocket admit the session's account holder, its clinician and staff who reach every account, and
 * answer everyone else NOT_FOUND (audited, naming the session); the socket authenticates by header,
 * cookie or subprotocol through the API's auth, refuses other sites, relays only between admitted
 * people, and stores who joined, was admitted, left and ended.
 */
import { startTestApp, type TestApp } from '@tests/support/app';
import { TestClock } from '@tests/support/clock';
import { auditRows, callerFor, type TestCaller } from '@tests/support/sessions';
import { constants } from '@/generated/constants';
import { demoVideoPatientEmail } from '@/server/db/seed/portal-sessions';

let t: TestApp;
const clock = new TestClock(new Date());
let appointmentId: string;
let jordanSessionId: string;
/** a second session of the same patient and clinician, under way now (its room is open) */
let underWaySessionId: string;
let jamie: TestCaller;
let clinician: TestCaller;
let jordan: TestCaller;
let support: TestCaller;
let agent: TestCaller;

/** The part of a ws client these tests use. */
interface WebSocket {
  send(data: string): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  close(): void;
}

const tokenOf = (c: TestCaller) => c.headers.authorization!.replace(/^Bearer /, '');
const room = (c?: TestCaller, id = appointmentId) => t.app.inject({ method: 'GET', url: `/api/visits/${id}`, headers: c?.headers ?? {} });
/** Opens the room's socket with these headers; its inbox listens from the first byte. */
async function signal(headers: Record<string, string>, id = appointmentId) {
  let opened: { ws: WebSocket; box: ReturnType<typeof inbox> } | undefined;
  // The socket handed to onInit is the one injectWS resolves to, open once the promise settles.
  await t.app.injectWS(
    `/api/visits/${id}/signal`,
    { headers: { 'sec-websocket-protocol': 'mindfulcare.visit.v1', ...headers } },
    {
      onInit: (socket: WebSocket) => {
        opened = { ws: socket, box: inbox(socket) };
      },
    },
  );
  return { ws: opened!.ws, ...opened!.box };
}

/** Messages a socket receives, to wait for one of a type. */
function inbox(ws: WebSocket) {
  const got: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data: Buffer) => {
    got.push(JSON.parse(data.toString()) as Record<string, unknown>);
    waiters.splice(0).forEach((w) => w());
  });
  const next = async (type: string): Promise<Record<string, unknown>> => {
    for (;;) {
      const i = got.findIndex((m) => m.type === type);
      if (i >= 0) return got.splice(i, 1)[0]!;
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  return { next, got };
}

beforeAll(async () => {
  t = await startTestApp({ seed: true, clock });
  const db = t.app.database;
  // A video session of a patient with the demo clinician's provider, starting in five minutes: its room is open.
  const [user] = await db.query<{ id: string }>(
    "INSERT INTO users (email, first_name, last_name, user_type, groups) VALUES ($1, 'Jamie', 'Ortiz', 'patient', '{patient}') RETURNING id",
    [demoVideoPatientEmail],
  );
  const [patient] = await db.query<{ id: string }>(
    "INSERT INTO patients (user_id, first_name, last_name, date_of_birth, relationship) VALUES ($1, 'Jamie', 'Ortiz', '1988-06-02', 'Self') RETURNING id",
    [user!.id],
  );
  const start = new Date(clock.now().getTime() + 5 * 60_000);
  const end = new Date(start.getTime() + 50 * 60_000);
  const session = async (userId: string, patientId: string, from: Date, to: Date) => {
    const [a] = await db.query<{ id: string }>(
      `INSERT INTO appointments (user_id, provider_id, practice_id, during, appointment_mode, counseling_type, time_zone, self_pay, app_source, booked_by, price_cents)
       SELECT $1, p.id, p.practice_id, tstzrange($2, $3), 'online', 'Individual Counseling', 'America/New_York', true, 'patient_web', $1, 12000
         FROM providers p JOIN users u ON u.provider_id = p.id WHERE u.email = 'morgan.lee@example.com' RETURNING id`,
      [userId, from, to],
    );
    await db.query('INSERT INTO appointment_patients (appointment_id, patient_id, position) VALUES ($1, $2, 0)', [a!.id, patientId]);
    return a!.id;
  };
  appointmentId = await session(user!.id, patient!.id, start, end);
  [jamie, clinician, jordan, support, agent] = (await Promise.all(
    [demoVideoPatientEmail, 'morgan.lee@example.com', 'jordan.rivera@example.com', 'sam.okafor@example.com', 'taylor.brooks@example.com'].map((e) =>
      callerFor(t.app, e),
    ),
  )) as [TestCaller, TestCaller, TestCaller, TestCaller, TestCaller];
  const [jordanSelf] = await db.query<{ id: string }>("SELECT id FROM patients WHERE user_id = $1 AND relationship = 'Self'", [jordan.id]);
  underWaySessionId = await session(user!.id, patient!.id, new Date(start.getTime() - 50 * 60_000), start);
  jordanSessionId = await session(jordan.id, jordanSelf!.id, new Date(start.getTime() + 2 * 86_400_000), new Date(end.getTime() + 2 * 86_400_000));
}, 180_000);
afterAll(async () => t?.close());

describe('GET /api/visits/{appointmentId}', () => {
  it('opens the room to its patient, its clinician and support staff, with when it opens and closes', async () => {
    for (const [caller, role] of [
      [jamie, 'patient'],
      [clinician, 'clinician'],
      [support, 'staff'],
    ] as const) {
      const res = await room(caller);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        appointmentId,
        state: 'open',
        role,
        patients: [{ firstName: 'Jamie', lastName: 'Ortiz' }],
        iceServers: [],
        externalUrl: null,
      });
      expect(new Date(body.start).getTime() - new Date(body.opensAt).getTime()).toBe(constants.videoVisitOpensMinutesBefore * 60_000);
      expect(new Date(body.closesAt).getTime() - new Date(body.end).getTime()).toBe(constants.videoVisitClosesMinutesAfter * 60_000);
    }
  });

  it('answers another patient NOT_FOUND exactly like an unknown session, and audits the refusal naming the session', async () => {
    const other = await room(jordan);
    const unknown = await room(jordan, '00000000-0000-4000-8000-000000000000');
    expect(other.statusCode).toBe(404);
    expect(other.json().errorCode).toBe('NOT_FOUND');
    expect(unknown.body).toBe(other.body);
    const [row] = (await auditRows(t.app, "action = 'getVisitRoom' AND actor_id = $1 AND record_id = $2", [jordan.id, appointmentId])).slice(-1);
    expect(row).toMatchObject({ outcome: 'denied', status: 404, record_type: 'appointment' });
  });

  it('refuses the signed-out (401) and roles the access list leaves out (403)', async () => {
    expect((await room()).statusCode).toBe(401);
    expect((await room(agent)).statusCode).toBe(403);
  });

  it("says a session's room is not yet open before its time", async () => {
    const res = await room(jordan, jordanSessionId);
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe('notYetOpen');
  });
});

describe('the signalling WebSocket', () => {
  it('refuses the signed-out, another patient, a not-yet-open room and another site, before the upgrade', async () => {
    await expect(signal({})).rejects.toThrow('401');
    await expect(signal(jordan.headers)).rejects.toThrow('404');
    await expect(signal(jordan.headers, jordanSessionId)).rejects.toThrow('404');
    await expect(signal({ ...jamie.headers, origin: 'https://evil.example', host: 'localhost:80' })).rejects.toThrow('403');
    const [row] = (await auditRows(t.app, "action = 'joinVisitRoom' AND actor_id = $1", [jordan.id])).slice(-1);
    expect(row).toMatchObject({ outcome: 'denied', status: 404, record_type: 'appointment' });
  });

  it("keeps the clinician's place: a patient's six sockets count once, the clinician still gets in, and signals flow", async () => {
    const patientSockets = [];
    for (let i = 0; i < constants.videoVisitMaxPeers; i++) patientSockets.push(await signal(jamie.headers, underWaySessionId));
    const welcomes = await Promise.all(patientSockets.map((s) => s.next('welcome')));
    expect(welcomes.map((w) => w.admitted)).toEqual(Array(constants.videoVisitMaxPeers).fill(false));

    const doctor = await signal(clinician.headers, underWaySessionId);
    const doctorWelcome = await doctor.next('welcome');
    expect(doctorWelcome.admitted).toBe(true);
    // Staff are the others the capacity is for: two people are in, so there is room.
    const staff = await signal(support.headers, underWaySessionId);
    expect((await staff.next('welcome')).admitted).toBe(false);

    // The clinician's lobby and schedule show the patient once (by their latest socket), however many they opened
    // (the schedule also names Sam, the staff member waiting).
    const latest = welcomes[welcomes.length - 1]!;
    expect((await doctor.next('lobby')).waiting).toEqual([{ peerId: latest.peerId, name: 'Jamie', role: 'patient' }]);
    const schedule = await t.app.inject({ method: 'GET', url: '/api/care/schedule', headers: clinician.headers });
    expect(schedule.json().items.find((s: { id: string }) => s.id === underWaySessionId)).toMatchObject({ waiting: ['Jamie', 'Sam'] });

    const patient = patientSockets[patientSockets.length - 1]!;
    doctor.ws.send(JSON.stringify({ type: 'admit', peerId: latest.peerId }));
    await patient.next('admitted');
    expect((await patient.next('peers')).peers).toEqual([expect.objectContaining({ peerId: doctorWelcome.peerId, role: 'clinician' })]);
    const offer = { description: { type: 'offer', sdp: 'v=0' } };
    patient.ws.send(JSON.stringify({ type: 'signal', to: doctorWelcome.peerId, data: offer }));
    expect(await doctor.next('signal')).toEqual({ type: 'signal', from: latest.peerId, data: offer });
    const answer = { description: { type: 'answer', sdp: 'v=0' } };
    doctor.ws.send(JSON.stringify({ type: 'signal', to: latest.peerId, data: answer }));
    expect(await patient.next('signal')).toEqual({ type: 'signal', from: doctorWelcome.peerId, data: answer });

    const ended = Promise.all([...patientSockets, doctor, staff].map((s) => s.next('ended')));
    doctor.ws.send(JSON.stringify({ type: 'end' }));
    await ended;
  });

  it('lets the patient wait, shows them on the schedule, relays only once admitted, and ends for everyone', async () => {
    // The patient's browser offers its token as a subprotocol; the clinician's sends the session cookie.
    const patient = await signal({ 'sec-websocket-protocol': `mindfulcare.visit.v1, bearer.${tokenOf(jamie)}` });
    const patientSocket = patient.ws;
    const welcome = await patient.next('welcome');
    expect(welcome.admitted).toBe(false);

    const doctor = await signal({ cookie: `${constants.accessTokenCookie}=${tokenOf(clinician)}` });
    const clinicianSocket = doctor.ws;
    expect((await doctor.next('welcome')).admitted).toBe(true);
    const lobby = await doctor.next('lobby');
    expect(lobby.waiting).toEqual([{ peerId: welcome.peerId, name: 'Jamie', role: 'patient' }]);

    const schedule = await t.app.inject({ method: 'GET', url: '/api/care/schedule', headers: clinician.headers });
    expect(schedule.json().items.find((s: { id: string }) => s.id === appointmentId)).toMatchObject({
      joinUrl: `/app/visit/${appointmentId}`,
      waiting: ['Jamie'],
    });

    // Before admission nothing is relayed from the waiting patient.
    patientSocket.send(JSON.stringify({ type: 'signal', to: 'anyone', data: { description: { type: 'offer', sdp: 'x' } } }));
    // Only the clinician admits.
    patientSocket.send(JSON.stringify({ type: 'admit', peerId: welcome.peerId }));
    clinicianSocket.send(JSON.stringify({ type: 'admit', peerId: welcome.peerId }));
    await patient.next('admitted');
    const peers = await patient.next('peers');
    expect(peers.peers).toEqual([expect.objectContaining({ role: 'clinician', name: 'Morgan Lee' })]);
    const clinicianPeerId = (peers.peers as { peerId: string }[])[0]!.peerId;
    await doctor.next('peer-joined');
    patientSocket.send(JSON.stringify({ type: 'signal', to: clinicianPeerId, data: { description: { type: 'offer', sdp: 'v=0' } } }));
    expect(await doctor.next('signal')).toEqual({ type: 'signal', from: welcome.peerId, data: { description: { type: 'offer', sdp: 'v=0' } } });
    expect(doctor.got.filter((m) => m.type === 'signal')).toEqual([]);

    const ended = Promise.all([patient.next('ended'), doctor.next('ended')]);
    clinicianSocket.send(JSON.stringify({ type: 'end' }));
    await ended;
    await new Promise((r) => setTimeout(r, 50)); // the close handlers record the leaving
    const kinds = (
      await t.app.database.query<{ kind: string; user_id: string }>('SELECT kind, user_id FROM video_visit_events WHERE appointment_id = $1 ORDER BY id', [
        appointmentId,
      ])
    ).map((e) => `${e.kind}:${e.user_id === jamie.id ? 'patient' : 'clinician'}`);
    expect(kinds.slice(0, 4)).toEqual(['joined:patient', 'joined:clinician', 'admitted:patient', 'ended:clinician']);
    expect((await room(jamie)).json().state).toBe('ended');
    await expect(signal(jamie.headers)).rejects.toThrow('404');
  });
});
