/**
 * The caller's address comes from a trusted hop. Behind one load balancer (TRUST_PROXY=1, or its
 * address as TRUST_PROXY=10.0.0.0/8) the address is the one the balancer saw and appended to X-Forwarded-For, not
 * the leftmost entry, which the caller writes: one machine writing a new address into every request still gets only
 * accountCreationsPerIpPerHour accounts. (With the old TRUST_PROXY=true it made 66 against a limit of 10.)
 */
import type { FastifyInstance } from 'fastify';
import { constants } from '@/generated/constants';
import { buildApp } from '@/server/app';
import { testConfig } from '../support/app';
import { openTestDatabase, type TestDatabase } from '../support/database';
import { mailTo } from '../support/sessions';

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase({ state: 'seeded' });
}, 90_000);
afterAll(async () => {
  await db.close();
});

/** The load balancer's own address: every request reaches the server from it. */
const balancer = '10.0.0.5';
let forged = 0;

/**
 * Signs an account up as the booking does (code, then account), through the balancer, each request with a new forged
 * address: the balancer appends the attacker's real address to whatever X-Forwarded-For the attacker sent.
 */
async function signUpThroughBalancer(app: FastifyInstance, attacker: string, email: string) {
  const through = () => ({ 'x-forwarded-for': `198.51.100.${(forged += 1) % 250}, ${attacker}` });
  const sent = await app.inject({ method: 'POST', url: '/api/auth/send-email-otp', remoteAddress: balancer, headers: through(), payload: { email } });
  if (sent.statusCode !== 200) return sent;
  const mail = (await mailTo(app, email)).find((m) => m.template === 'sign-in-code');
  const otp = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!otp) throw new Error(`no code mailed to ${email}`);
  return app.inject({
    method: 'POST',
    url: '/api/auth/verify-email-otp',
    remoteAddress: balancer,
    headers: through(),
    payload: { email, otp, newAccount: { firstName: 'Forged', lastName: 'Address' } },
  });
}

// Each case's attacker has an address of its own: the hourly count lives in the shared database.
describe.each([
  ['a hop count', '1', '203.0.113.7'],
  ["the balancer's range", '10.0.0.0/8', '203.0.113.8'],
])('behind one load balancer named by %s (TRUST_PROXY=%s)', (_form, trustProxy, attacker) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({
      config: testConfig({ TRUST_PROXY: trustProxy, TEST_RATE_LIMIT_FACTOR: '1' }),
      database: db.database,
      serveClient: false,
      seed: false,
      logger: false,
    });
    await app.ready();
  }, 90_000);
  afterAll(async () => {
    await app.close();
  });

  it('counts accounts per address the balancer saw: a forged X-Forwarded-For entry does not dodge the limit', async () => {
    const limit = constants.accountCreationsPerIpPerHour;
    const answers = [];
    for (let i = 0; i < limit + 3; i += 1) answers.push(await signUpThroughBalancer(app, attacker, `forged-${trustProxy.replace(/\W/g, '')}-${i}@example.com`));
    expect(answers.map((a) => a.statusCode)).toEqual([...Array(limit).fill(200), 429, 429, 429]);
    expect(answers[limit]!.json().errorCode).toBe('RATE_LIMITED');
  });
});
