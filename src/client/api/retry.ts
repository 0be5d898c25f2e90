/** Retry rules of product-spec §9, shared by queries and the booking and payment sagas. */
import * as runtimeConstants from '@/generated/constants/runtime';
import * as timingConstants from '@/generated/constants/timing';
import { isApiError } from './errors';

export function retryDelayMs(failureCount: number): number {
  return Math.min(runtimeConstants.queryRetryDelayBaseMs * 2 ** failureCount, timingConstants.queryRetryDelayMaxMs);
}

/** A 4xx answer will not change by asking again (except a timeout or a rate limit). */
export function worthRetrying(error: unknown): boolean {
  if (!isApiError(error) || error.kind !== 'http') return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < timingConstants.queryRetries && worthRetrying(error);
}
