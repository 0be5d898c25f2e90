/**
 * The server's flag decisions with a slow or failing flag service: the last decision known for the key,
 * never control for someone the service had already answered; control only for a key never answered.
 */
import type { FlagAnswer, FlagSource } from '../flags/sources';
import { flagOnUnder, treatmentIn } from '@/domain/flags';
import { serverFlags } from './flags';

type Reply = { variants: Record<string, string> } | 'fails' | 'hangs';

/** A flag service whose next answers the test scripts: variants served, a failure, or no answer at all. */
function scriptedSource() {
  const replies: Reply[] = [];
  const asked: string[] = [];
  const hanging: ((answer: FlagAnswer) => void)[] = [];
  const source: FlagSource = {
    answer(query) {
      asked.push(query.userId ?? '');
      const reply = replies.shift() ?? 'fails';
      if (reply === 'fails') return Promise.reject(new Error('flag service down'));
      if (reply === 'hangs') return new Promise((resolve) => hanging.push(resolve));
      const toggles = Object.entries(reply.variants).map(([name, variant]) => ({
        name,
        enabled: true,
        impressionData: false,
        variant: { name: variant, enabled: true },
      }));
      return Promise.resolve({ status: 200, body: { toggles } });
    },
    close() {},
  };
  return { source, replies, asked, hanging };
}

const staffTools = { patientSessionSearch: 'on', insuranceValidationViews: 'show' };

describe('server flag decisions', () => {
  it('decides with what the service serves to the key (the user key lower-cased)', async () => {
    const { source, replies, asked } = scriptedSource();
    replies.push({ variants: staffTools });
    const flags = serverFlags(source, { waitMs: 50 });
    expect(await flags.decide('Sam@Example.com')).toEqual({ key: 'sam@example.com', variants: staffTools });
    expect(asked).toEqual(['sam@example.com']);
  });

  it('keeps the last decision for a key while the service fails or answers too late, and control only for a key it never answered', async () => {
    const { source, replies } = scriptedSource();
    const flags = serverFlags(source, { waitMs: 50 });
    replies.push({ variants: staffTools });
    expect(await flags.isOn('patientSessionSearch', 'sam@example.com')).toBe(true);

    replies.push('fails');
    expect(await flags.isOn('patientSessionSearch', 'sam@example.com')).toBe(true);
    replies.push('hangs');
    expect(await flags.decide('sam@example.com')).toEqual({ key: 'sam@example.com', variants: staffTools });

    // Another person the service never answered: control (patientSessionSearch acts as off under control).
    replies.push('fails');
    expect(await flags.decide('mo@example.com')).toEqual({ key: 'mo@example.com', variants: {} });
    expect(await flags.isOn('patientSessionSearch', 'mo@example.com')).toBe(false);
  });

  it('gives control, not the last answer, for the key shared by callers it cannot tell apart while the service fails', async () => {
    const { source, replies } = scriptedSource();
    const flags = serverFlags(source, { waitMs: 50 });
    replies.push({ variants: { bookings: 'off' } });
    expect(await flags.decide('anonymous', { shared: true })).toEqual({ key: 'anonymous', variants: { bookings: 'off' } });
    replies.push('fails');
    const decision = await flags.decide('anonymous', { shared: true });
    expect(decision).toEqual({ key: 'anonymous', variants: {} });
    // bookings' control acts as on (specs/flags.yaml): a never-seen caller books while the service is down.
    expect(flagOnUnder('bookings', treatmentIn('bookings', decision))).toBe(true);
  });

  it('takes a late answer as the last known decision for the next request', async () => {
    const { source, replies, hanging } = scriptedSource();
    const flags = serverFlags(source, { waitMs: 20 });
    replies.push('hangs');
    expect((await flags.decide('sam@example.com')).variants).toEqual({});
    hanging[0]!({
      status: 200,
      body: { toggles: [{ name: 'patientSessionSearch', enabled: true, impressionData: false, variant: { name: 'on', enabled: true } }] },
    });
    await new Promise((resolve) => setImmediate(resolve));
    replies.push('fails');
    expect((await flags.decide('sam@example.com')).variants).toEqual({ patientSessionSearch: 'on' });
  });

  it('asks the service once for a key while a question for it is on its way', async () => {
    const { source, replies, asked, hanging } = scriptedSource();
    const flags = serverFlags(source, { waitMs: 20 });
    replies.push('hangs');
    await Promise.all([flags.decide('v-1'), flags.decide('v-1'), flags.decide('v-1')]);
    expect(asked).toEqual(['v-1']);
    hanging[0]!({ status: 304 });
  });

  it('keeps the last decisions of a bounded number of keys, the least recently answered going first', async () => {
    const { source, replies } = scriptedSource();
    const flags = serverFlags(source, { waitMs: 20, remembered: 2 });
    for (const key of ['a', 'b', 'c']) {
      replies.push({ variants: { bookings: 'off' } });
      await flags.decide(key);
    }
    replies.push('fails', 'fails');
    expect((await flags.decide('a')).variants).toEqual({});
    expect((await flags.decide('c')).variants).toEqual({ bookings: 'off' });
  });

  it('lays forced treatments (tests of flag-gated rules) over the decision', async () => {
    const { source, replies } = scriptedSource();
    const flags = serverFlags(source, { waitMs: 20 });
    flags.force({ bookings: 'off' });
    replies.push({ variants: { bookings: 'on', emailOtpLogin: 'on' } });
    expect((await flags.decide('v-2')).variants).toEqual({ bookings: 'off', emailOtpLogin: 'on' });
  });
});
