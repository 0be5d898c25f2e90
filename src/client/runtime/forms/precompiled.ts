/**
 * A form's precompiled validators: `npm run generate` writes each form's (src/generated/validators/, ajv configured
 * like the server's, with our keywords), so the browser never compiles code (the CSP allows no eval). Both renderers
 * validate with them: rjsf through its validator (validator.ts), the light renderer (light-form.tsx) directly.
 */
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import type { FormDefinition } from '@/generated/types';

export type Validate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };
export interface AjvError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
}
type Properties = Record<string, { enum?: unknown[] } | undefined>;

/** rjsf's key of a schema among a form's validators: its $id, or its hash. */
export const schemaKey = (schema: FormDefinition['schema']) => (typeof schema.$id === 'string' ? schema.$id : hashForSchema(schema as RJSFSchema));

/**
 * A spec form a screen narrowed for the moment (fewer fields, fewer choices of an enumeration), with a
 * validator for the narrowed schema made from the spec form's precompiled one: its errors about fields
 * the narrowed form leaves out are dropped, and a value outside a narrowed choice list fails `enum`.
 */
export function narrowedForm(base: FormDefinition, schema: FormDefinition['schema'], uiSchema: FormDefinition['uiSchema'] = base.uiSchema): FormDefinition {
  const baseValidate = validateOf(base);
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

/** The precompiled validator of a form's own schema. */
export function validateOf(form: FormDefinition): Validate {
  const validate = form.validateFns[schemaKey(form.schema)] as Validate | undefined;
  if (!validate) throw new Error(`form ${form.id} has no precompiled validator`);
  return validate;
}
