import { EXCLUSION_VIOLATION, pgCode, UNIQUE_VIOLATION } from './errors';

describe('pgCode', () => {
  it('reads the code pg and PGlite put on the error', () => {
    expect(pgCode(Object.assign(new Error('duplicate key'), { code: UNIQUE_VIOLATION }))).toBe('23505');
  });

  it('reads the code of a wrapped error from its cause', () => {
    const wrapped = new Error('insert failed', { cause: Object.assign(new Error('conflicting key'), { code: EXCLUSION_VIOLATION }) });
    expect(pgCode(wrapped)).toBe('23P01');
  });

  it('prefers the error’s own code to its cause’s', () => {
    expect(pgCode({ code: '40001', cause: { code: '23505' } })).toBe('40001');
  });

  it('answers undefined for anything without a text code: no error, a plain value, a numeric code', () => {
    expect(pgCode(undefined)).toBeUndefined();
    expect(pgCode(null)).toBeUndefined();
    expect(pgCode('23505')).toBeUndefined();
    expect(pgCode(new Error('no code'))).toBeUndefined();
    expect(pgCode({ code: 23505 })).toBeUndefined();
  });
});
