/**
 * rjsf's form validator: its ajv 8 validator over the form's precompiled validators (precompiled.ts). Errors
 * become the spec's messages, one per field.
 */
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import type { FormDefinition } from '@/generated/types';
import { describeIssues, type MessageOverrides, type ValidationIssue } from '@/domain/validation/field-errors';
import type { SchemaNode } from '@/domain/validation/schema-path';
import type { PlaceholderValues } from '@/domain/messages';

const validators = new WeakMap<FormDefinition, ValidatorType>();

/** The validator of one form (made once per form definition). */
export function formValidator(form: FormDefinition): ValidatorType {
  let validator = validators.get(form);
  if (!validator) {
    validator = createPrecompiledValidator(form.validateFns as Parameters<typeof createPrecompiledValidator>[0], form.schema as RJSFSchema);
    validators.set(form, validator);
  }
  return validator;
}

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
