/**
 * The one way the browser calls the API (product-spec §7, §8): a time limit on every call, the
 * bearer token, the app source, the impersonation headers when a super admin impersonates,
 * error answers parsed into ApiError, and a 401 on an authorized call ending the session (unless
 * the call opts out). Two endpoint behaviours are the spec's: a 204 on the provider profile means
 * the provider was deleted, and a failed time-zone lookup is silent (no time zone).
 */
import type { AppSource } from '@/generated/types';
import type { EndpointRoute, RequestInput, Transport } from '@/generated/client/api';
import { APP_SOURCE_HEADER } from '@/domain/app-source';
import * as storageConstants from '@/generated/constants/storage';
import { activeLocale } from '@/domain/locale';
import { ApiError, parseErrorBody, type ApiErrorKind } from './errors';

export interface CallOptions {
  /** false: a 401 is this call's own business (sign-in forms), not the end of the session */
  redirectOnUnauthorized?: boolean;
  /** the same key on a retry makes the server do the work once */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface Impersonation {
  providerId: string;
  ehrProfileCode: string;
}

export interface TransportDeps {
  /** '/api' in the browser */
  baseUrl: string;
  timeoutMs: number;
  /** support_web or patient_web, asked on every call (it follows who is signed in) */
  appSource: () => AppSource;
  /** API clients other than the browser (the browser's token is an HttpOnly cookie it sends by itself) */
  accessToken?: () => string | undefined;
  impersonation: () => Impersonation | undefined;
  /** the session is over: clear credentials and go to login */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
}

/** Endpoints whose 204 is an error of its own. */
const NO_CONTENT_ERRORS: Readonly<Record<string, ApiErrorKind>> = { getProviderProfile: 'provider-deleted' };

/** Endpoints whose failure means "no answer", never an error. */
const SILENT_ENDPOINTS: ReadonlySet<string> = new Set(['getGeoTimezone']);

export const IMPERSONATION_HEADERS = { providerId: 'provider_id', ehrProfileCode: 'ehr_profile_code' } as const;

function fillPath(path: string, params: object | undefined): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`Path parameter "${name}" is missing for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Arrays go in bracket format (patientEhrId[]=1&patientEhrId[]=2); empty values are left out. */
export function queryString(query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => search.append(`${key}[]`, String(v)));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The API's own answers are application/json; another JSON media type (a FHIR Bundle, NDJSON) is a file the caller keeps as it came. */
function isApiJson(type: string): boolean {
  return type.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (isApiJson(type)) return response.json();
  if (type.startsWith('text/')) return response.text();
  return response.blob();
}

export function createTransport(deps: TransportDeps): Transport<CallOptions> {
  const doFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function send(route: EndpointRoute, input: RequestInput, options: CallOptions): Promise<unknown> {
    const url = `${deps.baseUrl}${fillPath(route.path, input.params)}${queryString(input.query)}`;
    // The app's request header: the server refuses a cookie-signed change without it as cross-site (src/server/auth/cookie.ts).
    const headers: Record<string, string> = {
      accept: 'application/json',
      [APP_SOURCE_HEADER]: deps.appSource(),
      [storageConstants.csrfHeader]: storageConstants.csrfHeaderValue,
      // The page's language: the server writes its sentences, labels and the mail it sends in it (src/server/locale.ts).
      'accept-language': activeLocale(),
    };
    const token = deps.accessToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    const impersonation = deps.impersonation();
    if (impersonation) {
      headers[IMPERSONATION_HEADERS.providerId] = impersonation.providerId;
      headers[IMPERSONATION_HEADERS.ehrProfileCode] = impersonation.ehrProfileCode;
    }
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    // A FormData body (file uploads) is sent as multipart; the browser writes its content type and boundary.
    const multipart = typeof FormData !== 'undefined' && input.body instanceof FormData;
    if (input.body !== undefined && !multipart) headers['content-type'] = 'application/json';

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, deps.timeoutMs);
    const onCallerAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onCallerAbort, { once: true });

    let response: Response;
    try {
      response = await doFetch(url, {
        method: route.method,
        headers,
        body: input.body === undefined ? undefined : multipart ? (input.body as FormData) : JSON.stringify(input.body),
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw new ApiError(timedOut ? 'timeout' : 'network', route.id);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    }

    if (response.status === 204) {
      const kind = NO_CONTENT_ERRORS[route.id];
      if (kind) throw new ApiError(kind, route.id, 204);
      return undefined;
    }
    if (response.ok) return readBody(response);

    const body = parseErrorBody(await readBody(response).catch(() => undefined));
    if (response.status === 401 && route.authorized && options.redirectOnUnauthorized !== false) deps.onUnauthorized();
    throw new ApiError('http', route.id, response.status, body);
  }

  return async (route, input, options = {}) => {
    if (!SILENT_ENDPOINTS.has(route.id)) return send(route, input, options);
    try {
      return await send(route, input, options);
    } catch {
      return undefined;
    }
  };
}
