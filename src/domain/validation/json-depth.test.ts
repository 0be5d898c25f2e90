import { jsonNestingDepth } from './json-depth';

describe('jsonNestingDepth', () => {
  it('is 0 for a scalar and counts arrays and objects alike', () => {
    expect(jsonNestingDepth('"text"')).toBe(0);
    expect(jsonNestingDepth('42')).toBe(0);
    expect(jsonNestingDepth('{}')).toBe(1);
    expect(jsonNestingDepth('{"a":[1,{"b":[]}]}')).toBe(4);
  });

  it('takes the deepest branch, not the number of brackets', () => {
    expect(jsonNestingDepth('[[1],[2],[[3]],{"a":{}}]')).toBe(3);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonNestingDepth('{"a":"[[[{{{"}')).toBe(1);
    expect(jsonNestingDepth('{"a":"quote \\" then [[["}')).toBe(1);
    expect(jsonNestingDepth('["a backslash \\\\", [[]]]')).toBe(3);
  });

  it('measures thousands of levels without a stack, and stops once past the limit', () => {
    const arrays = '['.repeat(5000) + ']'.repeat(5000);
    expect(jsonNestingDepth(arrays)).toBe(5000);
    expect(jsonNestingDepth(arrays, 32)).toBe(33);
    const objects = '{"a":'.repeat(2000) + '1' + '}'.repeat(2000);
    expect(jsonNestingDepth(objects)).toBe(2000);
  });
});
