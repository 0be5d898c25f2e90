/**
 * The server's clock in browser tests: POST /dev/clock (src/server/test-clock.ts), open when the
 * server runs with TEST_CLOCK_CONTROL (tests/e2e/server-process.ts). `offsetMs` sets how far ahead of
 * this machine it runs, `advanceMinutes` moves it further, `reset` puts it back; due work runs at once.
 */
import { baseUrl } from './harness';

export async function moveServerClock(change: { offsetMs?: number; advanceMinutes?: number; reset?: boolean }): Promise<void> {
  const res = await fetch(`${baseUrl()}/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(change) });
  if (!res.ok) throw new Error(`POST /dev/clock answered ${res.status}: is TEST_CLOCK_CONTROL set (tests/e2e/server-process.ts)?`);
}

/** The server's clock set to the instant `at` (never behind this machine's: the clock only runs ahead). */
export async function serverClockAt(at: number): Promise<void> {
  await moveServerClock({ offsetMs: Math.max(0, at - Date.now()) });
}
