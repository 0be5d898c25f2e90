/**
 * The booking path's round trips to the database (each statement costs a system call
 * and a wake-up of the database on both sides, and their number, not any one of them, limited the
 * booking rate). Counted through the app's own database object (BEGIN and COMMIT count as one each):
 * a hold, won or refused because someone else holds the time, is the session's statement (with the
 * rate limits) and the claim; a booking stays within its budget. A change that adds a statement to
 * this path fails here and says which statements ran.
 */
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, type TestCaller } from '@tests/support/sessions';
import { bookingBody, consentGiven, hold, makeSlots, selfPatientOf } from '@tests/support/booking';
import { insurePatient } from '@tests/support/insurance';
import type { Database, Statement } from '@/server/db/connection';

let t: TestApp;
let jordan: TestCaller;
let other: TestCaller;
const log: string[] = [];

/**
 * The search index's own timer (plugins/marketplace.ts) asks provider_search_version every few seconds on the
 * same database object; on a busy machine it lands inside a counted request. It is no statement of the request.
 * (Its text as Kysely compiles it: src/server/marketplace/search-index.ts.)
 */
const BACKGROUND_INDEX_CHECK = 'from "provider_search_version"';

function counted(database: Database): void {
  const text = (sql: Statement) => (typeof sql === 'string' ? sql : sql.text).replace(/\s+/g, ' ').slice(0, 110);
  const query = database.query.bind(database);
  database.query = ((sql: Statement, params?: unknown[]) => {
    if (!text(sql).includes(BACKGROUND_INDEX_CHECK)) log.push(text(sql));
    return query(sql, params);
  }) as Database['query'];
  const transaction = database.transaction.bind(database);
  database.transaction = ((fn) => {
    log.push('BEGIN');
    return transaction((tx) =>
      fn({
        ...tx,
        query: ((sql: Statement, params?: unknown[]) => {
          log.push(text(sql));
          return tx.query(sql, params);
        }) as Database['query'],
        exec: tx.exec.bind(tx),
      }),
    ).finally(() => log.push('COMMIT/ROLLBACK'));
  }) as Database['transaction'];
}

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  other = await callerFor(t.app, 'avery.johnson@example.com');
  counted(t.app.database);
}, 180_000);
afterAll(async () => t?.close());

const shown = () => `\n${log.join('\n')}`;

test('a hold is two statements, won or refused; an insured booking at most ten', async () => {
  const [slot] = await makeSlots(t.app.database, 1);
  const self = await selfPatientOf(t.app.database, jordan.id);
  const insuranceId = await insurePatient(t.app.database, self.id);
  log.length = 0;
  const held = await hold(t.app, jordan, slot!);
  expect(held.statusCode).toBe(201);
  expect(`${log.length} statements${shown()}`).toBe(`2 statements${shown()}`);
  log.length = 0;
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
    payload: bookingBody(held.json().holdId, slot!, [{ id: self.id, consents: consentGiven() }], { insuranceId }),
  });
  expect(booked.statusCode).toBe(201);
  // The session with the rate limit and the account; the key's claim with the slot, the patients and the insurance; the eligibility
  // check's plan; BEGIN, the booking statement, the answer read and stored, COMMIT; the confirmation mail's record; the audit row.
  expect(log.length <= 10 ? 'within budget' : `${log.length} statements${shown()}`).toBe('within budget');
  log.length = 0;
  const contested = await hold(t.app, other, slot!);
  expect(contested.statusCode).toBe(409);
  expect(contested.json().errorCode).toBe(3001);
  expect(`${log.length} statements${shown()}`).toBe(`2 statements${shown()}`);
});
