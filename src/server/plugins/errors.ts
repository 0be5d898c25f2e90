/**
 * One error handler speaking the error catalogue: validation failures name each field with the
 * spec's message, unknown API paths get a JSON 404, and a 5xx never leaks internals.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyRequest } from 'fastify';
import { constants } from '@/generated/constants';
import { apiSchemas } from '@/generated/api';
import type { ErrorName } from '@/generated/errors';
import type { FieldMessageOverrides } from '@/generated/types';
import { appSourceFrom, APP_SOURCE_HEADER } from '@/domain/app-source';
import { formatPhone } from '@/domain/phone';
import { describeIssues, issuesFromAjv } from '@/domain/validation/field-errors';
import type { SchemaNode } from '@/domain/validation/schema-path';
import { AppError, errorBody } from '../errors';

const FASTIFY_CODES: Record<string, ErrorName> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_REQUEST',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_PROTO_VIOLATION: 'MALFORMED_REQUEST',
  FST_INVALID_JSON_FIELD_ERROR: 'MALFORMED_REQUEST',
  FST_MP_PREMATURE_CLOSE: 'MALFORMED_REQUEST',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_ERR_BAD_URL: 'MALFORMED_REQUEST',
  FST_ERR_ASYNC_CONSTRAINT: 'MALFORMED_REQUEST',
};

/**
 * PostgreSQL refusals that mean the input was bad, not the server: invalid text representation,
 * out-of-range numbers and dates, bad encoding or NUL bytes, strings too long for their column.
 */
const POSTGRES_INPUT_ERRORS = new Set(['22P02', '22P05', '22021', '22003', '22007', '22008', '22001', '22023', '22025', '2201B', '2200H', '22004', '22012']);

/** The SQLSTATE of a database error, also when a driver or our own AppError wraps it. */
export function postgresCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the catalogue error this request was refused with (for its audit row) */
    refusal?: ErrorName;
  }
}

export function placeholderContext() {
  return { phone: formatPhone(constants.supportPhone) };
}

export function audienceOf(request: FastifyRequest) {
  return appSourceFrom(request.headers[APP_SOURCE_HEADER]);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** message overrides of the form this endpoint's body comes from */
    messages?: FieldMessageOverrides;
  }
}

export default fp(
  async (app) => {
    app.decorateRequest('refusal', undefined);
    app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
      const audience = audienceOf(request);
      const context = placeholderContext();
      const refuse = (name: ErrorName, fieldErrors: Parameters<typeof errorBody>[3] = []) => {
        request.refusal = name;
        const body = errorBody(name, audience, context, fieldErrors);
        return reply.status(body.statusCode).send(body);
      };
      const sqlState = postgresCode(err);
      if (sqlState && POSTGRES_INPUT_ERRORS.has(sqlState)) {
        request.log.warn({ sqlState, errorName: err instanceof AppError ? err.errorName : undefined }, 'input refused by the database');
        return refuse('INPUT_NOT_ACCEPTED');
      }
      if (err instanceof AppError) {
        request.refusal = err.errorName;
        if (err.status >= 500) request.log.error({ err: err.cause ?? err, errorName: err.errorName }, 'request failed');
        return reply
          .status(err.status)
          .send(errorBody(err.errorName, audience, { ...context, ...err.options.params }, err.options.errors, err.options.details));
      }
      if (err.validation) {
        const part = err.validationContext ?? 'body';
        const schemaKey = part === 'querystring' ? 'querystring' : part;
        const schema = ((request.routeOptions.schema as Record<string, unknown> | undefined)?.[schemaKey] ?? {}) as SchemaNode;
        const overrides = part === 'body' ? request.routeOptions.config.messages : undefined;
        const fieldErrors = describeIssues(issuesFromAjv(err.validation as never), schema, overrides, context, apiSchemas).map((e) => ({ ...e, in: part }));
        return refuse('VALIDATION_FAILED', fieldErrors);
      }
      const mapped = err.code ? FASTIFY_CODES[err.code] : undefined;
      if (mapped) return refuse(mapped);
      if (err.statusCode === 429) return refuse('RATE_LIMITED');
      if (err.statusCode === 404) return refuse('NOT_FOUND');
      // Any other error Fastify or a plugin marks as the client's (4xx) stays a 4xx.
      if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500)
        return refuse(err.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : err.statusCode === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'MALFORMED_REQUEST');
      request.log.error({ err }, 'unexpected error');
      return reply.status(500).send(errorBody('DEFAULT', audience, context));
    });
  },
  { name: 'errors' },
);
