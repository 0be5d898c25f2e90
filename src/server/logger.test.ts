import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { logFormatFor, loggerOptions } from './logger';

async function logsOf(run: (app: ReturnType<typeof Fastify>) => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { ...loggerOptions('info'), stream } });
  app.post('/api/patients/:id', async (request) => {
    request.log.info({ patient: { firstName: 'Jordan' }, body: request.body }, 'handled');
    return { ok: true };
  });
  await run(app);
  await app.close();
  return lines.join('');
}

describe('logs keep health data and credentials out', () => {
  it('redacts headers, query values and patient fields', async () => {
    const out = await logsOf(async (app) => {
      await app.inject({
        method: 'POST',
        url: '/api/patients/123?email=jordan.rivera@example.com',
        headers: { authorization: 'Bearer secret-token', cookie: 'token=abc' },
        payload: { firstName: 'Jordan', dateOfBirth: '2001-02-03', email: 'jordan.rivera@example.com', reason: 'I think about suicide' },
      });
    });
    expect(out).toContain('/api/patients/:id');
    for (const secret of ['secret-token', 'token=abc', 'jordan.rivera@example.com', 'Jordan', '2001-02-03', 'suicide']) {
      expect(out).not.toContain(secret);
    }
  });
});

describe('log format', () => {
  it('is readable lines in development and JSON in production and under test', () => {
    expect(logFormatFor('development')).toBe('pretty');
    expect(logFormatFor('production')).toBe('json');
    expect(logFormatFor('test')).toBe('json');
    expect(loggerOptions('info', 'json').stream).toBeUndefined();
  });

  it('writes a development line a person can read, still redacted', () => {
    let out = '';
    const destination = new Writable({
      write(chunk, _enc, done) {
        out += String(chunk);
        done();
      },
    });
    const { stream, ...options } = loggerOptions('info', 'pretty', destination);
    const log = pino(options, stream!);
    log.info({ patient: { firstName: 'Jordan' }, route: '/api/patients/:id' }, 'handled');
    expect(out).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: handled .*\/api\/patients\/:id/);
    expect(out.trimEnd().split('\n')).toHaveLength(1);
    expect(out).not.toContain('Jordan');
    expect(out).not.toContain('"level"');
  });
});
