/**
 * Form validators written ahead of time (ajv standalone code), so the browser validates forms without
 * compiling code at run time: the Content-Security-Policy forbids eval and new Function.
 *
 * The code is what rjsf's own precompiler (`@rjsf/validator-ajv8/compileSchemaValidators`) writes for
 * a form's schema with the client's ajv configuration (src/domain/validation/ajv.ts, the product's
 * keywords), as an ES module: its require(...) calls become imports of
 * src/domain/validation/standalone-runtime.ts, and it exports `validateFns`, the map
 * `createPrecompiledValidator` takes.
 */
import { _ } from 'ajv';
import type Ajv from 'ajv';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { schemaParser, type RJSFSchema } from '@rjsf/utils';
import { baseAjvOptions } from '@/domain/validation/ajv';
import { registerDomainKeywords, STANDALONE_RUNTIME } from '@/domain/validation/keywords';
import type { JsonSchema } from '../model';
import { BANNER } from './util';
import { memo } from '../memo';

/** The ajv options the form validator always used (rjsf's, over the shared ones, not strict). */
export const formAjvOptions = { ...baseAjvOptions, strict: false };

/** Helpers of ajv's generated code, served by the runtime module instead of by ajv. */
const ajvRuntime: Readonly<Record<string, string>> = {
  'require("ajv/dist/runtime/ucs2length").default': 'runtime.ucs2length',
};

export function emitFormValidators(schema: JsonSchema, runtimeImport: string): string {
  return memo('formValidators', [schema, runtimeImport], () => formValidatorsOf(schema, runtimeImport));
}

function formValidatorsOf(schema: JsonSchema, runtimeImport: string): string {
  const code = compileSchemaValidatorsCode(schema as RJSFSchema, {
    ajvOptionsOverrides: { ...formAjvOptions, code: { lines: false, formats: _`require(${STANDALONE_RUNTIME}).formats` } },
    extenderFn: (ajv) => {
      registerDomainKeywords(ajv as unknown as Ajv);
      return ajv;
    },
  });
  const exported: string[] = [];
  let body = code
    .replace(/^"use strict";/, '')
    .replace(/exports\[("[^"]+")\] = (\w+);/g, (_m, key: string, fn: string) => {
      exported.push(`  ${key}: ${fn},`);
      return '';
    })
    .replaceAll(`require(${JSON.stringify(STANDALONE_RUNTIME)})`, 'runtime');
  for (const [from, to] of Object.entries(ajvRuntime)) body = body.replaceAll(from, to);
  const leftover = body.match(/require\([^)]*\)/);
  if (leftover)
    throw new Error(`form validator needs ${leftover[0]}: add it to src/domain/validation/standalone-runtime.ts and ajvRuntime in ${import.meta.url}`);
  if (!exported.length) throw new Error('ajv wrote no form validator');
  return `${BANNER}/* eslint-disable */
// @ts-nocheck
import * as runtime from '${runtimeImport}';

${body.trim()}

/** rjsf's key of each schema (its $id or hash) to the validator compiled from it. */
export const validateFns = {
${exported.join('\n')}
};
`;
}

/**
 * The same validators compiled in this process (for tests of fixture forms, which have no generated
 * module): rjsf's schema keys to ajv validators configured as the written ones are.
 */
export function compileFormValidators(schema: JsonSchema): Readonly<Record<string, (data: unknown) => boolean>> {
  const schemas = Object.values(schemaParser(schema as RJSFSchema));
  const { ajv } = customizeValidator({
    ajvOptionsOverrides: { ...formAjvOptions, schemas },
    extenderFn: (a) => {
      registerDomainKeywords(a as unknown as Ajv);
      return a;
    },
  });
  return Object.fromEntries(schemas.map((s) => [s.$id as string, ajv.getSchema(s.$id as string) as (data: unknown) => boolean]));
}
