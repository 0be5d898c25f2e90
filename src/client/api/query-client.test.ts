import * as runtimeConstants from '@/generated/constants/runtime';
import * as timingConstants from '@/generated/constants/timing';
import { ApiError } from './errors';
import { queryKeys } from '@/generated/client/hooks';
import { createQueryClient, invalidatePortal } from './query-client';
import { retryDelayMs, shouldRetryQuery } from './retry';

describe('data-fetching defaults (product-spec §9)', () => {
  it('doubles the retry delay up to the cap', () => {
    expect(retryDelayMs(0)).toBe(runtimeConstants.queryRetryDelayBaseMs);
    expect(retryDelayMs(1)).toBe(runtimeConstants.queryRetryDelayBaseMs * 2);
    expect(retryDelayMs(20)).toBe(timingConstants.queryRetryDelayMaxMs);
  });

  it("retries reads the spec'd number of times, but not an answer that will not change", () => {
    const timeout = new ApiError('timeout', 'x');
    expect(shouldRetryQuery(timingConstants.queryRetries - 1, timeout)).toBe(true);
    expect(shouldRetryQuery(timingConstants.queryRetries, timeout)).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('http', 'x', 404))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('http', 'x', 503))).toBe(true);
  });

  it('keeps data fresh for the cache time and never retries writes', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(timingConstants.queryCacheMs);
    expect(defaults.mutations?.retry).toBe(timingConstants.mutationRetries);
  });
});

describe('a change made outside the portal', () => {
  it("marks the account's own records stale (its patients, sessions, cards, insurances) and leaves the rest", async () => {
    const client = createQueryClient();
    const own = [
      queryKeys.getUserPatients({ query: { userId: 'u1' } }),
      queryKeys.getUserDetails({ params: { id: 'u1' } }),
      queryKeys.listAppointments({ query: { when: 'upcoming' } }),
      queryKeys.getAppointment({ params: { id: 'a1' } }),
      queryKeys.listPatientCards({ params: { id: 'p1' } }),
      queryKeys.listPatientInsurances({ params: { id: 'p1' } }),
    ];
    const elsewhere = queryKeys.getProviderFilters();
    for (const key of [...own, elsewhere]) client.setQueryData(key, {});
    await invalidatePortal(client);
    expect(own.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual(own.map(() => true));
    expect(client.getQueryState(elsewhere)?.isInvalidated).toBe(false);
  });
});
