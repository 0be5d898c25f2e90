import * as storageConstants from '../generated/constants/storage';
import { flagTrafficKey, flagUserKey, resolveTreatment } from './flags';

const fallback = storageConstants.treatmentFallback;
const variants = ['on', 'off', fallback];

describe('flag user key', () => {
  it('is lower-cased, so capitalisation does not split a person in two', () => {
    expect(flagUserKey('Jordan.Rivera@Example.COM')).toBe('jordan.rivera@example.com');
    expect(flagUserKey('jordan.rivera@example.com')).toBe(flagUserKey('JORDAN.RIVERA@EXAMPLE.COM'));
  });
});

describe('flag traffic key', () => {
  it('keys anonymous traffic by the visitor id, as it is', () => {
    expect(flagTrafficKey('anonymous', { visitorId: 'Visitor-AB12', userKey: 'x@y.z' })).toBe('Visitor-AB12');
  });

  it('keys user traffic by the lower-cased user key', () => {
    expect(flagTrafficKey('user', { visitorId: 'v', userKey: 'Sam@Example.com' })).toBe('sam@example.com');
  });

  it('has no key when the identity is not known', () => {
    expect(flagTrafficKey('user', { visitorId: 'v' })).toBeUndefined();
    expect(flagTrafficKey('user', { userKey: '' })).toBeUndefined();
    expect(flagTrafficKey('anonymous', { visitorId: null })).toBeUndefined();
  });
});

describe('treatments', () => {
  it('uses a known treatment once the client is ready', () => {
    expect(resolveTreatment({ ready: true, treatment: 'on', variants })).toBe('on');
    expect(resolveTreatment({ ready: true, treatment: 'off', variants })).toBe('off');
  });

  it('falls back before the client is ready', () => {
    expect(resolveTreatment({ ready: false, treatment: 'on', variants })).toBe(fallback);
  });

  it('falls back for an unknown, empty or missing treatment', () => {
    expect(resolveTreatment({ ready: true, treatment: 'maybe', variants })).toBe(fallback);
    expect(resolveTreatment({ ready: true, treatment: 'ON', variants })).toBe(fallback);
    expect(resolveTreatment({ ready: true, treatment: '', variants })).toBe(fallback);
    expect(resolveTreatment({ ready: true, treatment: undefined, variants })).toBe(fallback);
    expect(resolveTreatment({ ready: true, treatment: 'on', variants: [] })).toBe(fallback);
  });
});
