/**
 * Faults and concurrency across processes: two server instances on one PostgreSQL racing for one
 * slot, a database connection killed in the middle of a booking, a gateway failing mid-booking.
 * The PostgreSQL cases run (and must pass) when TEST_DB=postgres; on PGlite (one connection, one
 * process) the race runs within one app in appointments.int.test.ts.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { testDatabaseKind } from '../../../tests/support/database';
import { callerFor, type TestCaller } from '../../../tests/support/sessions';
import { bookingBody, bookSlot, consentGiven, hold, makeSlots, selfPatientOf } from '../../../tests/support/booking';
import { insurePatient } from '../../../tests/support/insurance';
import { constants } from '../../generated/constants';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/connection';
import type { CardGateway } from '../payments/gateway';
import { gatewayOf, useGateway } from './support';

let t: TestApp;
let jordan: TestCaller;
let sam: TestCaller;
let self: { id: string };
/** Jordan's own insurance on file, for Jordan's insured bookings. */
let insured: { insuranceId: string };
const onPostgres = testDatabaseKind() === 'postgres';

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  sam = await callerFor(t.app, 'sam.okafor@example.com');
  self = await selfPatientOf(t.app.database, jordan.id);
  insured = { insuranceId: await insurePatient(t.app.database, self.id) };
}, 180_000);
afterAll(async () => t?.close());

const count = async (sql: string, params: unknown[] = []) => Number((await t.app.database.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`, params))[0]!.n);

/** The local gateway with a hook before each charge, counting voids. */
function hookedGateway(app: FastifyInstance, beforeCharge: () => Promise<void>): CardGateway & { voids: string[] } {
  const inner = gatewayOf(app);
  const voids: string[] = [];
  return {
    ...inner,
    name: inner.name,
    tokenize: inner.tokenize,
    async charge(request) {
      await beforeCharge();
      return inner.charge(request);
    },
    async void(id) {
      voids.push(id);
      await inner.void(id);
    },
    voids,
  };
}

async function selfPayBooking(app: FastifyInstance, key: string) {
  const [slot] = await makeSlots(app.database, 1, { providerOffset: 13 });
  const card = (await app.inject({ method: 'POST', url: '/api/patient-cards/tokenize', headers: jordan.headers, payload: { number: constants.testCardNumbers.approved[0]!.number, expiration: '12/39', cvv: '123' } })).json();
  const held = (await hold(app, jordan, slot!)).json();
  const body = bookingBody(held.holdId, slot!, [{ id: self.id, consents: consentGiven() }], { selfPay: true, payment: { nonce: card.nonce } });
  const send = () => app.inject({ method: 'POST', url: '/api/appointments', headers: { ...jordan.headers, 'idempotency-key': key }, payload: body });
  return { slot: slot!, send };
}

it('the card gateway failing in the middle of a booking leaves nothing booked, and the retry with the same key books once', async () => {
  const key = randomUUID();
  const { slot, send } = await selfPayBooking(t.app, key);
  const original = gatewayOf(t.app);
  useGateway(t.app, hookedGateway(t.app, async () => {
    throw new Error('gateway unreachable');
  }));
  const failed = await send();
  expect(failed.statusCode).toBe(502);
  expect(failed.json().errorCode).toBe('BOOKING_FAILED');
  expect(await count('appointments WHERE slot_id = $1', [slot.id])).toBe(0);
  useGateway(t.app, original);
  const retried = await send();
  const again = await send();
  expect(retried.statusCode).toBe(201);
  expect(again.json().id).toBe(retried.json().id);
  expect(await count('appointments WHERE slot_id = $1', [slot.id])).toBe(1);
  expect(await count("payments WHERE appointment_id = $1 AND status = 'succeeded'", [retried.json().id])).toBe(1);
});

(onPostgres ? describe : describe.skip)('on PostgreSQL', () => {
  let second: FastifyInstance;
  let secondDb: Database;

  beforeAll(async () => {
    secondDb = await openDatabase({ databaseUrl: t.db.url!, dataDir: '' });
    second = await buildApp({ config: t.config, database: secondDb, serveClient: false, seed: false, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
  });

  it('two server processes, 50 concurrent attempts at one slot: exactly one booking and 49 x 3001', async () => {
    const [slot] = await makeSlots(t.app.database, 1, { providerOffset: 17 });
    const apps = [t.app, second];
    const attempts = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      bookSlot(apps[i % 2]!, i % 4 < 2 ? jordan : sam, slot!, [{ id: self.id, consents: consentGiven() }], i % 4 < 2 ? insured : { ...insured, userId: jordan.id })));
    const answers = attempts.map((a) => a.booked ?? a.held);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 201).map((a) => [a.statusCode, a.json().errorCode])).toEqual(Array(49).fill([409, 3001]));
    expect(await count("appointments WHERE slot_id = $1 AND status = 'booked'", [slot!.id])).toBe(1);
    const overlaps = await t.app.database.query(
      `SELECT 1 FROM appointments a JOIN appointments b ON a.provider_id = b.provider_id AND a.id < b.id AND a.during && b.during
        WHERE a.status = 'booked' AND b.status = 'booked' LIMIT 1`,
    );
    expect(overlaps).toHaveLength(0);
  });

  it('the connection killed mid-booking (pg_terminate_backend) leaves no partial booking; the retry with the same key books once', async () => {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: t.db.url });
    await admin.connect();
    try {
      const key = randomUUID();
      const { slot, send } = await selfPayBooking(second, key);
      const patientsBefore = await count('patients WHERE user_id = $1', [jordan.id]);
      const original = gatewayOf(second);
      let killed = 0;
      const killer = hookedGateway(second, async () => {
        const rows = await admin.query(
          `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'idle in transaction'`,
        );
        killed = rows.rows.length;
      });
      useGateway(second, killer);
      const failed = await send();
      expect(killed).toBeGreaterThan(0);
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      expect(killer.voids).toHaveLength(1);
      expect(await count('appointments WHERE slot_id = $1', [slot.id])).toBe(0);
      expect(await count('patients WHERE user_id = $1', [jordan.id])).toBe(patientsBefore);
      useGateway(second, original);
      const retried = await send();
      expect(retried.statusCode).toBe(201);
      expect((await send()).json().id).toBe(retried.json().id);
      expect(await count('appointments WHERE slot_id = $1', [slot.id])).toBe(1);
      expect(await count("payments WHERE appointment_id = $1 AND status = 'succeeded'", [retried.json().id])).toBe(1);
    } finally {
      await admin.end();
    }
  });
});

it('runs the PostgreSQL cases whenever TEST_DB=postgres', () => {
  // Guard: the describe above must not silently skip in the PostgreSQL pass.
  expect(onPostgres).toBe(process.env.TEST_DB === 'postgres');
  if (onPostgres) expect(t.db.url).toBeTruthy();
});
