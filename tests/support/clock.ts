/** A clock a test sets and moves (src/server/clock.ts): "now" is an input of the server under test. */
import type { Clock } from '@/server/clock';

export class TestClock implements Clock {
  private at: number;

  constructor(at: Date | string) {
    this.at = new Date(at).getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  /** Moves the clock forward (or back, with a negative amount). */
  advance(ms: number): void {
    this.at += ms;
  }
}
