/**
 * Requests are validated with the shared ajv configuration (src/domain/validation), so the API
 * accepts exactly what the forms accept. Bodies are taken as sent; path and query values arrive
 * as text and may be coerced to the declared type.
 */
import fp from 'fastify-plugin';
import { createAjv } from '../../domain/validation/ajv';

export default fp(
  async (app) => {
    const bodyAjv = createAjv();
    const textAjv = createAjv({ coerceTypes: 'array' });
    app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema));
  },
  { name: 'validation' },
);
