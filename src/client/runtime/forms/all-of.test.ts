import { formLoaders, type FormId } from '@/generated/forms';
import shallowAllOfMerge from './all-of';

/** Keys of a schema, at every depth. */
function keysOf(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => keysOf(item, into));
  else if (typeof node === 'object' && node !== null)
    for (const [key, value] of Object.entries(node)) {
      into.add(key);
      keysOf(value, into);
    }
  return into;
}

describe('the browser build’s allOf merge for rjsf', () => {
  it.each(Object.keys(formLoaders) as FormId[])('spec form %s gives rjsf nothing to merge (no allOf, patternProperties or $ref)', async (id) => {
    const form = await formLoaders[id]();
    const keys = keysOf(form.schema);
    expect(['allOf', 'patternProperties', '$ref'].filter((k) => keys.has(k))).toEqual([]);
  });

  it('merges the parts of an allOf in order, joining required lists', () => {
    const merged = shallowAllOfMerge({
      type: 'object',
      title: 'outer',
      allOf: [
        { properties: { email: { type: 'string' } }, required: ['email'] },
        { properties: { email: { maxLength: 80 }, name: { type: 'string' } }, required: ['name', 'email'] },
      ],
    });
    expect(merged).toEqual({
      type: 'object',
      title: 'outer',
      properties: { email: { type: 'string', maxLength: 80 }, name: { type: 'string' } },
      required: ['email', 'name'],
    });
  });
});
