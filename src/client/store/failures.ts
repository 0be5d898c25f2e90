/** Turning a failed call into a typed failure whose sentence comes from the error catalogue, worded for the audience. */
import { errorCatalogue, type ErrorName } from '@/generated/errors';
import type { AppSource } from '@/generated/types';
import { errorTextFor, isApiError } from '../api/errors';
import type { TypedFailure } from './types';

/** No answer (timeout, connection) or a server-side failure: asking again may work. */
export function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return false;
  // Bookings paused for maintenance is a 503 that asking again at once will not change.
  if (error.kind === 'http' && String(error.errorCode) === String(errorCatalogue.BOOKINGS_PAUSED.code)) return false;
  return error.kind === 'timeout' || error.kind === 'network' || (error.kind === 'http' && error.status >= 500);
}

export function toFailure<R extends string>(error: unknown, reason: R, audience: AppSource, fallback: ErrorName = 'DEFAULT'): TypedFailure<R> {
  const api = isApiError(error) ? error : undefined;
  return {
    reason,
    text: errorTextFor(error, audience, fallback),
    ...(api?.status ? { status: api.status } : {}),
    ...(api?.errorCode !== undefined ? { errorCode: api.errorCode } : {}),
    ...(api?.fromSchedulingSystem ? { fromSchedulingSystem: true } : {}),
  };
}

/** The kind of failure for calls that have no codes of their own. */
export function basicReason(error: unknown): 'timeout' | 'network' | 'rejected' {
  if (isApiError(error) && (error.kind === 'timeout' || error.kind === 'network')) return error.kind;
  return 'rejected';
}

/**
 * A failure that got no answer (timeout, connection): the server may have done the work, so only its
 * retry keeps the idempotency key and the card nonce; after any answer the next try is a new attempt.
 */
export function gotNoAnswer(failure: { reason: string }): boolean {
  return failure.reason === 'timeout' || failure.reason === 'network';
}
