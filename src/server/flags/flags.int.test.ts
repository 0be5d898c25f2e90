import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { flagSpecs, type FlagName } from '@/generated/flags';
import { startTestApp, type TestApp } from '@tests/support/app';
import { specFlagSource } from './sources';

type Toggle = { name: string; enabled: boolean; variant: { name: string; enabled: boolean } };
const flagNames = Object.keys(flagSpecs.flags) as FlagName[];

describe('GET /api/flags/frontend from specs/flags.yaml', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('answers in the Unleash frontend-API shape, one of its own treatments for every served flag', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/flags/frontend?appName=web&environment=default&userId=visitor-1&properties%5BappSource%5D=patient_web',
    });
    expect(res.statusCode).toBe(200);
    const { toggles } = res.json() as { toggles: Toggle[] };
    const served = flagNames.filter((n) => flagSpecs.flags[n].enabled);
    expect(toggles.map((x) => x.name).sort()).toEqual([...served].sort());
    for (const toggle of toggles) {
      expect(toggle.enabled).toBe(true);
      expect(flagSpecs.flags[toggle.name as FlagName].variants).toContain(toggle.variant.name);
    }
  });

  it('gives a visitor the same treatment on every request, and answers 304 when nothing changed', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/flags/frontend?userId=visitor-2' });
    const again = await t.app.inject({ method: 'GET', url: '/api/flags/frontend?userId=visitor-2' });
    expect(again.json()).toEqual(first.json());
    const etag = first.headers.etag as string;
    const unchanged = await t.app.inject({ method: 'GET', url: '/api/flags/frontend?userId=visitor-2', headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
  });

  it('rejects a query parameter the Unleash client never sends', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/flags/frontend?userId=a&admin=true' });
    expect(res.statusCode).toBe(400);
  });
});

describe('the spec flag source', () => {
  it('splits a rollout between treatments by the visitor key', async () => {
    const source = specFlagSource();
    const rolled = flagNames.find((n) => flagSpecs.flags[n].rollout?.length);
    expect(rolled).toBeDefined();
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const answer = await source.answer({ userId: `user-${i}@example.com` }, undefined);
      seen.add(answer.body!.toggles.find((x) => x.name === rolled)!.variant.name);
    }
    source.close();
    const spec = flagSpecs.flags[rolled!];
    expect([...seen].sort()).toEqual([spec.defaultVariant, ...(spec.rollout ?? []).map((r) => r.variant)].sort());
  });
});

describe('GET /api/flags/frontend relayed from a real Unleash (UNLEASH_URL)', () => {
  let unleash: Server;
  let t: TestApp;
  const seen: IncomingMessage[] = [];
  const answer = { toggles: [{ name: 'emailOtpLogin', enabled: true, impressionData: false, variant: { name: 'off', enabled: true } }] };

  beforeAll(async () => {
    unleash = createServer((req, res) => {
      seen.push(req);
      res.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' });
      res.end(JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => unleash.listen(0, '127.0.0.1', resolve));
    t = await startTestApp({
      env: {
        UNLEASH_URL: `http://127.0.0.1:${(unleash.address() as AddressInfo).port}/api/frontend`,
        UNLEASH_API_KEY: 'default:development.frontend-token',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => unleash.close(resolve));
  });

  it('passes the context and the key on, and the answer back', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/flags/frontend?userId=jordan%40example.com&appName=web' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(answer);
    expect(res.headers.etag).toBe('"v1"');
    const request = seen.at(-1)!;
    expect(request.headers.authorization).toBe('default:development.frontend-token');
    expect(new URL(request.url!, 'http://x').searchParams.get('userId')).toBe('jordan@example.com');
  });

  it('answers 503 from the catalogue when that Unleash cannot be reached', async () => {
    await new Promise((resolve) => unleash.close(resolve));
    const res = await t.app.inject({ method: 'GET', url: '/api/flags/frontend?userId=a' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE' });
    await new Promise<void>((resolve) => unleash.listen(0, '127.0.0.1', resolve));
  });
});
