/**
 * "Now" is an input. Every business decision of the server (a token or code still valid, a hold
 * expired, an appointment upcoming or past, a late cancellation, today's date of a date rule)
 * reads the clock the app was built with (`app.clock`, `request.server.clock`), never the host's
 * clock directly, so tests can fix it or move it and a decision can be replayed.
 */
import fp from 'fastify-plugin';

export interface Clock {
  now(): Date;
}

/** The machine's clock: what `npm start` uses. */
export const systemClock: Clock = { now: () => new Date() };

declare module 'fastify' {
  interface FastifyInstance {
    /** the one clock of this app (src/server/clock.ts) */
    clock: Clock;
  }
}

export default fp<{ clock: Clock }>(
  async (app, opts) => {
    app.decorate('clock', opts.clock);
  },
  { name: 'clock' },
);

/**
 * Browser tests only (TEST_CLOCK_CONTROL, NODE_ENV=test): the machine's clock moved by an amount the
 * test sets through POST /dev/clock (src/server/test-clock.ts), so a journey reaches "24 hours
 * before the session" without waiting a day.
 */
export class ShiftedClock implements Clock {
  offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}
