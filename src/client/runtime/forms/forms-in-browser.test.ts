/**
 * The browser build leaves out of rjsf what no form it draws uses (vite.config.ts: lighterRjsf and
 * rjsfWithoutUnusedParts). rjsf draws only the spec forms the light renderer does not take (light-form.tsx): these
 * tests hold each of those to what the build keeps, so a form that needs more fails here, not in a person's browser.
 * (Lists of checkboxes and choices the page gives are the light renderer's: a form with them never reaches rjsf.)
 */
import { formLoaders, type FormId } from '@/generated/forms';
import shallowAllOfMerge from './all-of';
import { lightModelOf } from './light-form';

/** Every [key, value] of a schema or ui schema, at every depth. */
function entriesOf(node: unknown, into: [string, unknown][] = []): [string, unknown][] {
  if (Array.isArray(node)) node.forEach((item) => entriesOf(item, into));
  else if (typeof node === 'object' && node !== null)
    for (const [key, value] of Object.entries(node)) {
      into.push([key, value]);
      entriesOf(value, into);
    }
  return into;
}

const LEFT_OUT_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'patternProperties', '$ref', 'items'];
/** JSON schema types the build keeps no field for (messages keyed `type` are not schema types, so these are named). */
const LEFT_OUT_TYPES = ['array', 'number', 'integer'];
const LEFT_OUT_FORMATS = ['color', 'data-url'];
const LEFT_OUT_WIDGETS = ['alt-date', 'alt-datetime', 'checkboxes', 'color', 'file', 'range', 'rating', 'updown'];

describe.each(Object.keys(formLoaders) as FormId[])('spec form %s in the browser build', (id) => {
  it('is drawn by the light renderer, or by rjsf with only what the build keeps of it', async () => {
    const form = await formLoaders[id]();
    if (lightModelOf(form)) return;
    const schema = entriesOf(form.schema);
    const ui = entriesOf(form.uiSchema);
    expect({
      keywords: [...new Set(schema.map(([k]) => k))].filter((k) => LEFT_OUT_KEYWORDS.includes(k)),
      types: schema.filter(([k, v]) => k === 'type' && [v].flat().some((t) => LEFT_OUT_TYPES.includes(String(t)))).map(([, v]) => v),
      formats: schema.filter(([k, v]) => k === 'format' && LEFT_OUT_FORMATS.includes(String(v))).map(([, v]) => v),
      widgets: ui.filter(([k, v]) => (k === 'ui:widget' || k === 'widget') && LEFT_OUT_WIDGETS.includes(String(v))).map(([, v]) => v),
    }).toEqual({ keywords: [], types: [], formats: [], widgets: [] });
  });
});

describe('the allOf merge the browser build gives rjsf', () => {
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
