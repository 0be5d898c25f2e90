/**
 * The form validator: rjsf's ajv 8 validator configured like the server's (src/domain/validation),
 * with our keywords, and errors turned into the spec's messages, one per field.
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFValidationError } from '@rjsf/utils';
import { baseAjvOptions } from '../../../domain/validation/ajv';
import { registerDomainKeywords } from '../../../domain/validation/keywords';
import { describeIssues, type MessageOverrides, type ValidationIssue } from '../../../domain/validation/field-errors';
import type { SchemaNode } from '../../../domain/validation/schema-path';
import type { PlaceholderValues } from '../../../domain/messages';

export const formValidator = customizeValidator({
  ajvOptionsOverrides: { ...baseAjvOptions, strict: false },
  extenderFn: (ajv) => {
    registerDomainKeywords(ajv);
    return ajv;
  },
});

/** rjsf names fields ".address.zipcode"; for "required" it already points at the missing child. */
function toIssue(error: RJSFValidationError): ValidationIssue {
  const segments = (error.property ?? '').split('.').filter(Boolean);
  const params = (error.params ?? {}) as Record<string, unknown>;
  if (error.name === 'required' || error.name === 'additionalProperties') segments.pop();
  return { keyword: error.name ?? 'other', pointer: segments.length ? `/${segments.join('/')}` : '', params };
}

export function makeTransformErrors(schema: SchemaNode, overrides: MessageOverrides, context: PlaceholderValues) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] => {
    const described = describeIssues(errors.map(toIssue), schema, overrides, context);
    return described.map((e) => {
      const property = `.${e.field}`;
      return { name: e.keyword, property, message: e.message, stack: `${e.field}: ${e.message}`, params: {}, schemaPath: '' };
    });
  };
}
