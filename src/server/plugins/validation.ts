/**
 * Requests are validated with the shared ajv configuration (src/domain/validation), so the API
 * accepts exactly what the forms accept. Bodies are taken as sent; path and query values arrive
 * as text and may be coerced to the declared type. On top of each schema, every value is checked
 * for what no field may hold (control characters, broken Unicode, non-finite numbers: see
 * domain/validation/plain-input.ts), so such input is refused with a 400 naming the field.
 * The entities the endpoint schemas point at (`{ $ref: 'Address' }`) are registered here once: with
 * both validators, and with Fastify for the response serializer and the OpenAPI document.
 */
import fp from 'fastify-plugin';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from '@/domain/validation/ajv';
import { apiSchemas } from '@/generated/api';
import { unsafeValueIssues } from '@/domain/validation/plain-input';

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

export function withPlainInput(validate: ValidateFunction): Validator {
  const checked: Validator = (data) => {
    // The schema first: it coerces query and path text (so "Infinity" is seen as a number).
    const valid = validate(data);
    const unsafe = unsafeValueIssues(data).map((i): ErrorObject => ({
      keyword: i.keyword,
      instancePath: i.pointer,
      schemaPath: '#',
      params: i.params,
      message: `must pass ${i.keyword}`,
    }));
    checked.errors = [...unsafe, ...(valid ? [] : (validate.errors ?? []))];
    return checked.errors.length === 0;
  };
  return checked;
}

export default fp(
  async (app) => {
    // Date rules ("in the past", "at most 110 years back") read today from the app's clock.
    const now = () => app.clock.now();
    const bodyAjv = createAjv({}, now);
    const textAjv = createAjv({ coerceTypes: 'array' }, now);
    for (const schema of Object.values(apiSchemas)) {
      bodyAjv.addSchema(schema);
      textAjv.addSchema(schema);
      app.addSchema(schema);
    }
    app.setValidatorCompiler(({ schema, httpPart }) => withPlainInput((httpPart === 'body' ? bodyAjv : textAjv).compile(schema)));
  },
  { name: 'validation', dependencies: ['clock'] },
);
