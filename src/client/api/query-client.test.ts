import { constants } from '@/generated/constants';
import { ApiError } from './errors';
import { queryKeys } from '@/generated/client/hooks';
import { createQueryClient, invalidatePortal } from './query-client';
import { retryDelayMs, shouldRetryQuery } from './retry';

describe('data-fetching defaults (product-spec §9)', () => {
  it('doubles the retry delay up to the cap', () => {
    expect(retryDelayMs(0)).toBe(constants.queryRetryDelayBaseMs);
    expect(retryDelayMs(1)).toBe(constants.queryRetryDelayBaseMs * 2);
    expect(retryDelayMs(20)).toBe(constants.queryRetryDelayMaxMs);
  });

  it("retries reads the spec'd number of times, but not an answer that will not change", () => {
    const timeout = new ApiError('timeout', 'x');
    expect(shouldRetryQuery(constants.queryRetries - 1, timeout)).toBe(true);
    expect(shouldRetryQuery(constants.queryRetries, timeout)).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('http', 'x', 404))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('http', 'x', 503))).toBe(true);
  });

  it('keeps data fresh for the cache time and never retries writes', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(constants.queryCacheMs);
    expect(defaults.mutations?.retry).toBe(constants.mutationRetries);
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
