import Cookies from 'js-cookie';
import * as storageConstants from '@/generated/constants/storage';
import * as timingConstants from '@/generated/constants/timing';
import { flagSpecs, type FlagName } from '@/generated/flags';
import { quietFetch } from './quiet-fetch';
import { effectiveTreatment, flagUserKey, isFlagOn, treatmentOf, waitUntilReady } from './treatment';
import { visitorId } from './visitor';

describe('visitor identity', () => {
  it('is generated once, kept in local storage and in the cookie', () => {
    window.localStorage.clear();
    const id = visitorId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(window.localStorage.getItem(storageConstants.visitorIdStorageKey)).toBe(id);
    expect(Cookies.get(storageConstants.visitorIdCookie)).toBe(id);
    expect(visitorId()).toBe(id);
  });
});

describe('treatments', () => {
  it('are control until ready, and for a flag not served', () => {
    expect(treatmentOf('bookings', false, { name: 'on', enabled: true })).toBe(storageConstants.treatmentFallback);
    expect(treatmentOf('bookings', true, undefined)).toBe(storageConstants.treatmentFallback);
    expect(treatmentOf('bookings', true, { name: 'new_for_all', enabled: true })).toBe(storageConstants.treatmentFallback);
    expect(treatmentOf('bookings', true, { name: 'on', enabled: true })).toBe('on');
  });

  it('under control act as the flag says', () => {
    for (const name of Object.keys(flagSpecs.flags) as FlagName[]) {
      const spec = flagSpecs.flags[name];
      expect(effectiveTreatment(name, storageConstants.treatmentFallback)).toBe(spec.controlActsAs);
      expect(isFlagOn(name, storageConstants.treatmentFallback)).toBe((spec.enabledWhen ?? ['on']).includes(spec.controlActsAs));
    }
  });

  it('key user traffic by the lower-cased user key', () => {
    expect(flagUserKey('Jordan.Rivera@Example.com')).toBe('jordan.rivera@example.com');
  });

  it("wait for readiness, polling, at most the spec'd time", async () => {
    jest.useFakeTimers();
    try {
      let ready = false;
      const soon = waitUntilReady(() => ready);
      await jest.advanceTimersByTimeAsync(timingConstants.flagPollMs * 2);
      ready = true;
      await jest.advanceTimersByTimeAsync(timingConstants.flagPollMs);
      await expect(soon).resolves.toBe(true);
      const never = waitUntilReady(() => false);
      await jest.advanceTimersByTimeAsync(timingConstants.flagReadyWaitMs - timingConstants.flagPollMs);
      let settled = false;
      void never.then(() => (settled = true));
      await jest.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(timingConstants.flagPollMs);
      await expect(never).resolves.toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe("the flag client's fetch", () => {
  it('turns a failure into "nothing new" and reports it, silently', async () => {
    const failures: unknown[] = [];
    const down = quietFetch(
      (e) => failures.push(e),
      async () => Promise.reject(new TypeError('Failed to fetch')),
    );
    expect((await down('http://x/api/flags/frontend')).status).toBe(304);
    const broken = quietFetch(
      (e) => failures.push(e),
      async () => new Response('{}', { status: 503 }),
    );
    expect((await broken('http://x/api/flags/frontend')).status).toBe(304);
    expect(failures).toHaveLength(2);
    const up = quietFetch(
      (e) => failures.push(e),
      async () => new Response('{"toggles":[]}', { status: 200 }),
    );
    expect((await up('http://x/api/flags/frontend')).status).toBe(200);
    expect(failures).toHaveLength(2);
  });
});
