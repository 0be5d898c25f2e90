/**
 * A real Unleash deciding the app's flags. The unleash-server package runs in its own
 * process on its own fresh database in the local PostgreSQL; the spec's flags (specs/flags.yaml) are
 * created through its admin API; the app is pointed at its frontend API by configuration (UNLEASH_URL,
 * UNLEASH_API_KEY), as a deployment is. A flag turned off in Unleash then changes what the server
 * enforces and what the flag endpoint (which every page's flag client reads) serves, within Unleash's
 * refresh; with Unleash down the app goes on with the last decisions it had, and on the spec's control values for
 * a caller it never had one for.
 *
 * Needs PostgreSQL: it runs on the PostgreSQL pass of npm test (TEST_DB=postgres, TEST_DATABASE_URL; CI sets
 * both). Elsewhere its tests are reported as skipped, under a name that says why.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { constants } from '@/generated/constants';
import { flagSpecs } from '@/generated/flags';
import { specFeatures } from '@/server/flags/unleash-features';
import { startTestApp, type TestApp } from '../support/app';
import { testDatabaseKind } from '../support/database';
import { hold, makeSlots } from '../support/booking';
import { callerFor, type TestCaller } from '../support/sessions';

const onPostgres = testDatabaseKind() === 'postgres';
// Said where a reader of the run's output sees it, not only as a count of skipped tests.
if (!onPostgres) console.info('unleash.test.ts NOT RUN: a real Unleash needs PostgreSQL (TEST_DB=postgres with TEST_DATABASE_URL; CI sets both)');
const ADMIN_TOKEN = `*:*.${randomBytes(12).toString('hex')}`;
const FRONTEND_TOKEN = `*:development.${randomBytes(12).toString('hex')}`;
const ENVIRONMENT = 'development';
/** Unleash's frontend API picks up a change at its next revision check (every second): a generous bound on a busy machine. */
const CHANGE_SEEN_WITHIN_MS = 60_000;

/** The visitor whose bookings the operator pauses while Unleash answers. */
const KNOWN_VISITOR = 'visitor-answered-by-unleash';

type Toggle = { name: string; variant: { name: string } };

/** Waits for a state, polling (never a fixed sleep as the assertion). */
async function eventually<T>(probe: () => Promise<T | undefined>, what: string, withinMs = CHANGE_SEEN_WITHIN_MS): Promise<T> {
  const until = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`not within ${withinMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

(onPostgres ? describe : describe.skip)(
  'a real Unleash (unleash-server) deciding the flags [runs only on PostgreSQL: TEST_DB=postgres with TEST_DATABASE_URL]',
  () => {
    const databaseName = `unleash_test_${randomBytes(6).toString('hex')}`;
    let unleash: ChildProcess | undefined;
    let unleashUrl: string;
    let t: TestApp;
    let support: TestCaller;
    let patient: TestCaller;
    const strategyIds = new Map<string, string>();

    async function adminSql(sql: string): Promise<void> {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    }

    async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
      const res = await fetch(`${unleashUrl}/api/admin${path}`, {
        method,
        headers: { authorization: ADMIN_TOKEN, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!res.ok) throw new Error(`Unleash admin ${method} ${path} answered ${res.status}: ${await res.text()}`);
      return res.status === 204 ? undefined : res.json().catch(() => undefined);
    }

    /** The strategy of a flag in Unleash, serving these variants (weights in thousandths) to everyone it is on for. */
    function strategyBody(name: string, variants: { name: string; weight: number }[]) {
      return {
        name: 'flexibleRollout',
        constraints: [],
        parameters: { rollout: '100', stickiness: 'default', groupId: name },
        variants: variants.map((v) => ({ ...v, weightType: 'variable', stickiness: 'default' })),
      };
    }

    const flagsFor = async (caller: TestCaller): Promise<{ status: number; toggles?: Toggle[] }> => {
      const res = await t.app.inject({ method: 'GET', url: `/api/flags/frontend?userId=${caller.id}` });
      return { status: res.statusCode, toggles: res.statusCode === 200 ? (res.json() as { toggles: Toggle[] }).toggles : undefined };
    };
    const searchSessions = (caller: TestCaller) => t.app.inject({ method: 'GET', url: '/api/support/sessions?name=Jordan', headers: caller.headers });

    beforeAll(async () => {
      await adminSql(`CREATE DATABASE ${databaseName}`);
      const databaseUrl = new URL(process.env.TEST_DATABASE_URL!);
      databaseUrl.pathname = `/${databaseName}`;
      const child = spawn(process.execPath, [resolve(__dirname, '../support/unleash-server.mjs')], {
        env: { ...process.env, UNLEASH_DATABASE_URL: databaseUrl.toString(), UNLEASH_ADMIN_TOKEN: ADMIN_TOKEN, UNLEASH_FRONTEND_TOKEN: FRONTEND_TOKEN },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      unleash = child;
      let errors = '';
      child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      const port = await new Promise<number>((ready, failed) => {
        let out = '';
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const found = /@@UNLEASH@@ (\d+)/.exec(out);
          if (found) ready(Number(found[1]));
        });
        child.once('exit', (code) => failed(new Error(`unleash-server stopped (exit ${code}) before listening: ${errors.slice(-2000)}`)));
      });
      unleashUrl = `http://127.0.0.1:${port}`;

      // The spec's flags, as an operator would create them: each flag, a strategy serving its variants, on where the spec has it on.
      for (const feature of specFeatures()) {
        await admin('POST', '/projects/default/features', { name: feature.name, type: 'release', impressionData: false });
        const strategy = (await admin(
          'POST',
          `/projects/default/features/${feature.name}/environments/${ENVIRONMENT}/strategies`,
          strategyBody(feature.name, feature.variants ?? []),
        )) as { id: string };
        strategyIds.set(feature.name, strategy.id);
        if (feature.enabled) await admin('POST', `/projects/default/features/${feature.name}/environments/${ENVIRONMENT}/on`);
      }

      t = await startTestApp({ seed: true, env: { UNLEASH_URL: `${unleashUrl}/api/frontend`, UNLEASH_API_KEY: FRONTEND_TOKEN } });
      [support, patient] = await Promise.all([callerFor(t.app, 'sam.okafor@example.com'), callerFor(t.app, 'jordan.rivera@example.com')]);
    }, 240_000);

    afterAll(async () => {
      await t?.close();
      if (unleash && unleash.exitCode === null && unleash.signalCode === null) {
        const exited = new Promise((r) => unleash!.once('exit', r));
        unleash.kill('SIGTERM');
        await exited;
      }
      await adminSql(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    }, 60_000);

    it('serves the flags created in Unleash, and a flag turned off there changes what the server and the pages decide', async () => {
      // Every flag the spec serves comes from Unleash, with the spec's treatment.
      const served = await eventually(async () => {
        const answer = await flagsFor(support);
        return answer.toggles?.length ? answer.toggles : undefined;
      }, 'the flags created in Unleash served by the flag endpoint');
      const expected = Object.entries(flagSpecs.flags)
        .filter(([, flag]) => flag.enabled)
        .map(([name]) => name)
        .sort();
      expect(served.map((toggle) => toggle.name).sort()).toEqual(expected);
      expect(served.find((toggle) => toggle.name === 'patientSessionSearch')?.variant.name).toBe('on');
      expect((await searchSessions(support)).statusCode).toBe(200);

      // Turned off in Unleash: the server refuses the search (the flag's control acts as off), the flag endpoint stops serving it.
      await admin('POST', `/projects/default/features/patientSessionSearch/environments/${ENVIRONMENT}/off`);
      const refused = await eventually(async () => {
        const res = await searchSessions(support);
        return res.statusCode === 200 ? undefined : res;
      }, 'the session search refused once patientSessionSearch is off in Unleash');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ errorCode: 'FORBIDDEN' });
      expect((await flagsFor(support)).toggles?.map((toggle) => toggle.name)).not.toContain('patientSessionSearch');

      // The maintenance switch as an operator turns it in Unleash: the bookings flag's treatment to off.
      const [slot] = await makeSlots(t.app.database, 1);
      await admin(
        'PUT',
        `/projects/default/features/bookings/environments/${ENVIRONMENT}/strategies/${strategyIds.get('bookings')}`,
        strategyBody('bookings', [{ name: 'off', weight: 1000 }]),
      );
      const paused = await eventually(async () => {
        const res = await hold(t.app, patient, slot!, { cookie: `${constants.visitorIdCookie}=${KNOWN_VISITOR}` });
        return res.statusCode === 503 ? res : undefined;
      }, 'holds refused once bookings is off in Unleash');
      expect(paused.json()).toMatchObject({ errorCode: 'BOOKINGS_PAUSED' });
      expect((await flagsFor(patient)).toggles?.find((toggle) => toggle.name === 'bookings')?.variant.name).toBe('off');
    }, 180_000);

    it('goes on with the last decisions it had while Unleash is down', async () => {
      const stopped = new Promise((r) => unleash!.once('exit', r));
      unleash!.kill('SIGKILL');
      await stopped;

      // The flag endpoint says the flag service is unavailable (browsers then use control), never a 500.
      const answer = await t.app.inject({ method: 'GET', url: `/api/flags/frontend?userId=${patient.id}` });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE' });
      // The server goes on with the last decisions it had (a slow or absent flag service turns nothing on
      // or off mid-visit): bookings stays paused for the visitor it was last set for, the search stays refused; and
      // on the spec's control values for a visitor it never answered: bookings' control acts as on.
      const [slot, other] = await makeSlots(t.app.database, 2);
      const paused = await hold(t.app, patient, slot!, { cookie: `${constants.visitorIdCookie}=${KNOWN_VISITOR}` });
      expect(paused.statusCode).toBe(503);
      expect(paused.json()).toMatchObject({ errorCode: 'BOOKINGS_PAUSED' });
      expect((await searchSessions(support)).statusCode).toBe(403);
      expect((await hold(t.app, patient, other!, { cookie: `${constants.visitorIdCookie}=never-answered` })).statusCode).toBe(201);
    }, 120_000);
  },
);
