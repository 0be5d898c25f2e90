import { addDaysIso, addYears, formatUsDate, todayIso } from '../dates';
import { createAjv } from './ajv';

const ajv = createAjv();
const check = (schema: object, value: unknown) => {
  const v = ajv.compile({ type: 'object', properties: { d: schema } });
  return v({ d: value }) ? [] : (v.errors ?? []);
};

describe('date keywords', () => {
  const today = todayIso();

  it('x-pastDate rejects today and the future, accepts yesterday', () => {
    expect(check({ type: 'string', 'x-pastDate': true }, today)).toHaveLength(1);
    expect(check({ type: 'string', 'x-pastDate': true }, addDaysIso(today, 1))).toHaveLength(1);
    expect(check({ type: 'string', 'x-pastDate': true }, addDaysIso(today, -1))).toHaveLength(0);
  });

  it('x-maxAgeYears accepts exactly N years back and rejects the day before, giving the date', () => {
    const limit = addYears(today, -110);
    expect(check({ type: 'string', 'x-maxAgeYears': 110 }, limit)).toHaveLength(0);
    const errors = check({ type: 'string', 'x-maxAgeYears': 110 }, addDaysIso(limit, -1));
    expect(errors[0]?.params).toMatchObject({ date: formatUsDate(limit) });
  });

  it('x-minAgeYears accepts an 18th birthday today and rejects a day short', () => {
    const eighteen = addYears(today, -18);
    expect(check({ type: 'string', 'x-minAgeYears': 18 }, eighteen)).toHaveLength(0);
    expect(check({ type: 'string', 'x-minAgeYears': 18 }, addDaysIso(eighteen, 1))).toHaveLength(1);
  });

  it('x-notBefore yesterday accepts today and rejects yesterday, naming yesterday', () => {
    expect(check({ type: 'string', 'x-notBefore': 'yesterday' }, today)).toHaveLength(0);
    const errors = check({ type: 'string', 'x-notBefore': 'yesterday' }, addDaysIso(today, -1));
    expect(errors[0]?.params).toMatchObject({ yesterday: formatUsDate(addDaysIso(today, -1)) });
  });

  it('x-notBeforeField compares with a sibling date', () => {
    const v = ajv.compile({ type: 'object', properties: { from: { type: 'string' }, to: { type: 'string', 'x-notBeforeField': 'from' } } });
    expect(v({ from: '2026-05-01', to: '2026-04-30' })).toBe(false);
    expect(v({ from: '2026-05-01', to: '2026-05-01' })).toBe(true);
  });

  it('x-notBlank rejects white space only', () => {
    expect(check({ type: 'string', 'x-notBlank': true }, '  ')).toHaveLength(1);
    expect(check({ type: 'string', 'x-notBlank': true }, ' a ')).toHaveLength(0);
  });
});
