/**
 * API failures as one typed error (product-spec §8). An error answer's message may be a plain
 * string, or an object with description, errorCode, amdDescription and errors[0].reason (at the
 * top level of the body or under message); validation reasons come first, and an answer carrying
 * amdDescription came from the scheduling system.
 */
import { errorCatalogue, type ErrorName } from '@/generated/errors';
import type { AppSource } from '@/generated/types';
import * as placesConstants from '@/generated/constants/places';
import { fillPlaceholders } from '@/domain/messages';
import { errorTemplate } from '@/domain/translations';
import { formatPhone } from '@/domain/phone';
import type { FieldError } from '@/domain/validation/field-errors';

/** http: the API answered with an error; timeout and network: it did not answer. */
export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'provider-deleted';

export interface ParsedErrorBody {
  /** the sentence the API gave, if any */
  text?: string;
  errorCode?: string | number;
  amdDescription?: string;
  fieldErrors: FieldError[];
  fromSchedulingSystem: boolean;
  /** what a session costs out-of-pocket, in dollars, when the API refused an insurance and offers self-pay */
  selfPayPrice?: number;
  /** how many open times the practice set up a clinician's first weekly hours would remove (AVAILABILITY_REMOVES_PRACTICE_TIMES) */
  removedOpenTimes?: number;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly endpointId: string;
  readonly body: ParsedErrorBody;

  constructor(kind: ApiErrorKind, endpointId: string, status = 0, body: ParsedErrorBody = { fieldErrors: [], fromSchedulingSystem: false }) {
    super(body.text ?? `${endpointId} failed (${kind}${status ? ` ${status}` : ''})`);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.endpointId = endpointId;
    this.body = body;
  }

  get errorCode(): string | number | undefined {
    return this.body.errorCode;
  }

  get fieldErrors(): FieldError[] {
    return this.body.fieldErrors;
  }

  get fromSchedulingSystem(): boolean {
    return this.body.fromSchedulingSystem;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

type Json = Record<string, unknown>;

const asObject = (v: unknown): Json | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);
const asString = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

export function parseErrorBody(body: unknown): ParsedErrorBody {
  if (typeof body === 'string') return { text: asString(body), fieldErrors: [], fromSchedulingSystem: false };
  const top = asObject(body) ?? {};
  const source = asObject(top.message) ?? top;
  const list = Array.isArray(source.errors) ? source.errors.map(asObject).filter((e): e is Json => Boolean(e)) : [];
  const fieldErrors: FieldError[] = list
    .filter((e) => asString(e.field) && asString(e.reason))
    .map((e) => ({ field: e.field as string, keyword: asString(e.keyword) ?? 'server', message: e.reason as string }));
  const amdDescription = asString(source.amdDescription);
  const errorCode = typeof source.errorCode === 'string' || typeof source.errorCode === 'number' ? source.errorCode : undefined;
  const text = asString(list[0]?.reason) ?? asString(source.description) ?? asString(top.message) ?? amdDescription;
  const selfPayPrice = typeof source.selfPayPrice === 'number' && Number.isFinite(source.selfPayPrice) ? source.selfPayPrice : undefined;
  const removedOpenTimes = Number.isInteger(source.removedOpenTimes) ? (source.removedOpenTimes as number) : undefined;
  return {
    text,
    errorCode,
    amdDescription,
    fieldErrors,
    fromSchedulingSystem: amdDescription !== undefined,
    ...(selfPayPrice !== undefined ? { selfPayPrice } : {}),
    ...(removedOpenTimes !== undefined ? { removedOpenTimes } : {}),
  };
}

/** Placeholders every catalogue sentence may use. */
export function catalogueContext(): Record<string, string> {
  return { phone: formatPhone(placesConstants.supportPhone) };
}

/** A catalogue entry's sentence for an audience (support_web or patient_web), placeholders filled. */
export function catalogueText(name: ErrorName, audience: AppSource, params: Record<string, string> = {}): string {
  return fillPlaceholders(errorTemplate(name, audience), { ...catalogueContext(), ...params });
}

function catalogueNameOf(code: string | number | undefined): ErrorName | undefined {
  if (code === undefined) return undefined;
  const names = Object.keys(errorCatalogue) as ErrorName[];
  return names.find((n) => String(errorCatalogue[n].code) === String(code));
}

/**
 * What to tell a person about a failure: a field's own message first (validation), then the
 * API's sentence (already worded for the caller's app source), then the catalogue entry its code
 * names; when the API never answered (timeout, network), the given catalogue entry.
 */
export function errorTextFor(error: unknown, audience: AppSource, fallback: ErrorName = 'DEFAULT'): string {
  if (isApiError(error) && error.kind === 'http') {
    const named = catalogueNameOf(error.errorCode);
    return error.fieldErrors[0]?.message ?? error.body.text ?? (named ? catalogueText(named, audience) : catalogueText(fallback, audience));
  }
  return catalogueText(fallback, audience);
}
