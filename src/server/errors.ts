/**
 * Errors the API answers with. Every one is an entry of the error catalogue (specs/errors.yaml);
 * a handler throws `new AppError('NOT_FOUND')` and never writes the sentence itself.
 */
import { STATUS_CODES } from 'node:http';
import { errorCatalogue, type ErrorName } from '../generated/errors';
import type { AppSource } from '../generated/types';
import { fillPlaceholders, type PlaceholderValues } from '../domain/messages';
import { errorTemplate } from '../domain/translations';
import type { FieldError } from '../domain/validation/field-errors';

export class AppError extends Error {
  constructor(
    readonly errorName: ErrorName,
    readonly options: { params?: PlaceholderValues; errors?: FieldError[]; cause?: unknown; details?: Record<string, unknown> } = {},
  ) {
    super(errorCatalogue[errorName].message, { cause: options.cause });
    this.name = 'AppError';
  }

  get status(): number {
    return errorCatalogue[this.errorName].status;
  }
}

/** The body of every error answer. `description` and `errors[0].reason` are what clients show (product-spec §8). */
export interface ErrorBody {
  statusCode: number;
  error: string;
  errorCode: number | string;
  message: string;
  description: string;
  errors?: { field: string; reason: string; keyword: string; in?: string }[];
  [detail: string]: unknown;
}

export function errorBody(
  name: ErrorName,
  audience: AppSource,
  params: PlaceholderValues = {},
  fieldErrors: (FieldError & { in?: string })[] = [],
  details: Record<string, unknown> = {},
): ErrorBody {
  const entry = errorCatalogue[name];
  // The catalogue's sentence for the audience in the language being written in (the request's).
  const text = fillPlaceholders(errorTemplate(name, audience), params);
  // When fields are at fault the most useful sentence is the first field's own message.
  const specific = fieldErrors[0]?.message ?? text;
  return {
    ...details,
    statusCode: entry.status,
    error: STATUS_CODES[entry.status] ?? 'Error',
    errorCode: entry.code,
    message: specific,
    description: specific,
    ...(fieldErrors.length
      ? { errors: fieldErrors.map((e) => ({ field: e.field, reason: e.message, keyword: e.keyword, ...(e.in ? { in: e.in } : {}) })) }
      : {}),
  };
}
