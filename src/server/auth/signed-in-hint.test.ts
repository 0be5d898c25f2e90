import { createHmac } from 'node:crypto';
import { deriveKeys } from './secrets';
import { readSignedInHint, signedInHintValue } from './signed-in-hint';

const keys = deriveKeys('a-secret-for-this-test');
const holder = { firstName: 'José', destination: 'patientDashboardHome' as const };

describe('the signed-in hint value', () => {
  it('reads back what this server signed (any first name)', () => {
    expect(readSignedInHint(keys, signedInHintValue(keys, holder))).toEqual(holder);
  });

  it("is nobody's when it was not signed by this server, was changed, or is not a hint", () => {
    const value = signedInHintValue(keys, holder);
    const [payload, signature] = value.split('.') as [string, string];
    const other = Buffer.from(JSON.stringify({ n: 'Mallory', d: 'supportDashboard' })).toString('base64url');
    expect(readSignedInHint(deriveKeys('another-server'), value)).toBeUndefined();
    expect(readSignedInHint(keys, `${other}.${signature}`)).toBeUndefined();
    expect(readSignedInHint(keys, `${payload}.${signature}x`)).toBeUndefined();
    expect(readSignedInHint(keys, `${value}.more`)).toBeUndefined();
    expect(readSignedInHint(keys, payload)).toBeUndefined();
    expect(readSignedInHint(keys, '')).toBeUndefined();
    expect(readSignedInHint(keys, undefined)).toBeUndefined();
    expect(readSignedInHint(keys, `${'a'.repeat(2000)}.${signature}`)).toBeUndefined();
  });

  it('names only a known kind of area and a first name, even when signed', () => {
    const good = Buffer.from(JSON.stringify({ n: 'Jo', d: 'loginDashboard' })).toString('base64url');
    expect(readSignedInHint(keys, `${good}.${createHmac('sha256', keys.hint).update(good).digest('base64url')}`)).toEqual({
      firstName: 'Jo',
      destination: 'loginDashboard',
    });
    for (const data of [{ n: 'Jo', d: 'https://elsewhere.example' }, { n: '', d: 'loginDashboard' }, { d: 'loginDashboard' }, 'text']) {
      const payload = Buffer.from(JSON.stringify(data)).toString('base64url');
      const signed = createHmac('sha256', keys.hint).update(payload).digest('base64url');
      expect(readSignedInHint(keys, `${payload}.${signed}`)).toBeUndefined();
    }
  });
});
