/** What a failed database query says: its Postgres error code (pg and PGlite put it on the error, a wrapper on its cause). */
export function pgCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

export const EXCLUSION_VIOLATION = '23P01';

/** A unique index or constraint refused a second row with the same key. */
export const UNIQUE_VIOLATION = '23505';

/** Raised by claim_hold (migration 0046) when the time is held by another attempt and not booked. */
export const TIME_HELD = 'HLD01';
