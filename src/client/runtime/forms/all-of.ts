/**
 * rjsf's merge of a schema's `allOf` in the browser build (vite.config.ts aliases @rjsf/utils'
 * `./shallowAllOfMerge.js` here): rjsf's own `mergeSchemas` instead of @x0k/json-schema-merge's
 * intersecting merger, 4 KB (brotli) off every form screen. No spec form has an `allOf`
 * (forms-in-browser.test.ts), so rjsf never calls it for ours; a schema that had one would get its parts merged
 * in order, `required` lists joined.
 */
import { mergeSchemas, type RJSFSchema } from '@rjsf/utils';

const isSchema = (value: unknown): value is RJSFSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

export default function shallowAllOfMerge(schema: RJSFSchema): RJSFSchema {
  const { allOf, ...rest } = schema;
  return (allOf ?? []).filter(isSchema).reduce<RJSFSchema>((merged, part) => mergeSchemas(merged, part) as RJSFSchema, rest);
}
