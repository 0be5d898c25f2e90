/**
 * The form validator: rjsf's ajv 8 validator, precompiled. `npm run generate` writes each form's
 * validators (src/generated/validators/, ajv configured like the server's, with our keywords), so
 * the browser never compiles code (the CSP allows no eval). Errors become the spec's messages, one
 * per field.
 */
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { hashForSchema, type RJSFSchema, type RJSFValidationError, type ValidatorType } from '@rjsf/utils';
import type { FormDefinition } from '@/generated/types';
import { describeIssues, type MessageOverrides, type ValidationIssue } from '@/domain/validation/field-errors';
import type { SchemaNode } from '@/domain/validation/schema-path';
import type { PlaceholderValues } from '@/domain/messages';

const validators = new WeakMap<FormDefinition, ValidatorType>();

type Validate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };
interface AjvError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
}
type Properties = Record<string, { enum?: unknown[] } | undefined>;

const schemaKey = (schema: FormDefinition['schema']) => (typeof schema.$id === 'string' ? schema.$id : hashForSchema(schema as RJSFSchema));

/**
 * A spec form a screen narrowed for the moment (fewer fields, fewer choices of an enumeration), with a
 * validator for the narrowed schema made from the spec form's precompiled one: its errors about fields
 * the narrowed form leaves out are dropped, and a value outside a narrowed choice list fails `enum`.
 */
export function narrowedForm(base: FormDefinition, schema: FormDefinition['schema'], uiSchema: FormDefinition['uiSchema'] = base.uiSchema): FormDefinition {
  const baseValidate = base.validateFns[schemaKey(base.schema)] as Validate | undefined;
  if (!baseValidate) throw new Error(`form ${base.id} has no precompiled validator`);
  const properties = (schema.properties ?? {}) as Properties;
  const validate: Validate = (data) => {
    baseValidate(data);
    const fieldOf = (e: AjvError) => (e.keyword === 'required' && e.instancePath === '' ? String(e.params.missingProperty) : e.instancePath.split('/')[1]);
    const errors = (baseValidate.errors ?? []).filter((e) => {
      const field = fieldOf(e);
      return field === undefined || field === '' || field in properties;
    });
    const values = (data ?? {}) as Record<string, unknown>;
    for (const [name, node] of Object.entries(properties)) {
      if (!node?.enum || values[name] === undefined || node.enum.includes(values[name])) continue;
      if (errors.some((e) => e.instancePath === `/${name}`)) continue;
      errors.push({
        keyword: 'enum',
        instancePath: `/${name}`,
        schemaPath: `#/properties/${name}/enum`,
        params: { allowedValues: node.enum },
        message: 'must be equal to one of the allowed values',
      });
    }
    validate.errors = errors.length ? errors : null;
    return errors.length === 0;
  };
  return { ...base, schema, uiSchema, validateFns: { [schemaKey(schema)]: validate } };
}

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
