/**
 * Browser tests only (TEST_CLOCK_CONTROL with NODE_ENV=test, and only from this machine): POST /dev/clock
 * sets how far the server's clock (a ShiftedClock, src/server/clock.ts) runs ahead of the machine's -
 * `offsetMs` sets it, `advanceMinutes` moves it further, `reset` puts it back - so a journey reaches "24
 * hours before the session" or sees a waitlist offer lapse without waiting. What fell due in the skipped
 * time happens at once, as it would have when that time came: the reminder sweep runs and the waitlist
 * sweep is queued.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ShiftedClock } from './clock';
import { errorBody } from './errors';
import { audienceOf, placeholderContext } from './plugins/errors';
import { isLoopback } from './plugins/mail';
import { sweepReminders } from './reminders/send';
import { WAITLIST_SWEEP_QUEUE } from './waitlist/offers';

const YEAR_MS = 366 * 86_400_000;

export async function testClockRoutes(app: FastifyInstance, clock: ShiftedClock): Promise<void> {
  const loopbackOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isLoopback(request.ip)) return reply.status(404).send(errorBody('NOT_FOUND', audienceOf(request), placeholderContext()));
  };
  app.post<{ Body: { offsetMs?: number; advanceMinutes?: number; reset?: boolean } }>(
    '/dev/clock',
    {
      schema: {
        hide: true,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            offsetMs: { type: 'integer', minimum: 0, maximum: YEAR_MS },
            advanceMinutes: { type: 'number', minimum: 0, maximum: 100_000 },
            reset: { type: 'boolean' },
          },
        },
      },
      onRequest: loopbackOnly,
    },
    async (request) => {
      const { offsetMs, advanceMinutes, reset } = request.body;
      if (reset) clock.offsetMs = 0;
      if (offsetMs !== undefined) clock.offsetMs = offsetMs;
      if (advanceMinutes) clock.offsetMs = Math.min(YEAR_MS, clock.offsetMs + advanceMinutes * 60_000);
      const remindersQueued = await sweepReminders(app);
      await app.jobs.send(WAITLIST_SWEEP_QUEUE, {});
      return { now: clock.now().toISOString(), remindersQueued };
    },
  );
}
