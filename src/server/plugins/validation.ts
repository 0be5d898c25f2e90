/**
 * Requests are validated with the shared ajv configuration (src/domain/validation), so the API
 * accepts exactly what the forms accept. Bodies are taken as sent; path and query values arrive
 * as text and may be coerced to the declared type.
 */
import fp from 'fastify-plugin';
import { createAjv } from '../../domain/validation/ajv';

export default fp(
  async (app) => {
    // Date rules ("in the past", "at most 110 years back") read today from the app's clock.
    const now = () => app.clock.now();
    const bodyAjv = createAjv({}, now);
    const textAjv = createAjv({ coerceTypes: 'array' }, now);
    app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema));
  },
  { name: 'validation', dependencies: ['clock'] },
);
