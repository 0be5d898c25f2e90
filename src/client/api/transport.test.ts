import * as storageConstants from '@/generated/constants/storage';
import * as timingConstants from '@/generated/constants/timing';
import { errorCatalogue } from '@/generated/errors';
import { messages } from '@/generated/messages';
import { createApiClient, endpointRoutes, type EndpointId, type EndpointRoute } from '@/generated/client/api';
import { APP_SOURCE_HEADER } from '@/domain/app-source';
import { ApiError, errorTextFor, parseErrorBody } from './errors';
import { createTransport, IMPERSONATION_HEADERS, queryString, type TransportDeps } from './transport';

/** Endpoints of the auth and marketplace API (specs/api) as the transport sees them. */
const route = (id: string, path: string, authorized = true, method: EndpointRoute['method'] = 'GET'): EndpointRoute => ({
  id: id as EndpointId,
  method,
  path,
  authorized,
});
const userDetails = route('getUserDetails', '/users/{id}/details');
const providerProfile = route('getProviderProfile', '/providers/profile', false);
const geoTimezone = route('getGeoTimezone', '/geo-timezone', false);
const verifyOtp = route('verifyEmailOtp', '/auth/verify-email-otp', false, 'POST');

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(overrides: Partial<TransportDeps> = {}) {
  const fetch = jest.fn<ReturnType<typeof globalThis.fetch>, Parameters<typeof globalThis.fetch>>(async () => json(200, { ok: true }));
  const deps: TransportDeps = {
    baseUrl: '/api',
    timeoutMs: timingConstants.apiTimeoutMs,
    appSource: () => 'support_web',
    accessToken: () => 'token-1',
    impersonation: () => undefined,
    onUnauthorized: jest.fn(),
    fetch,
    ...overrides,
  };
  return { fetch, deps, send: createTransport(deps) };
}

const headersOf = (init: RequestInit | undefined) => init!.headers as Record<string, string>;

describe('API transport', () => {
  it('fills the path, sends the bearer token and the app source, and reads JSON', async () => {
    const { fetch, send } = setup();
    await expect(send(userDetails, { params: { id: 'u 1' } })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/users/u%201/details');
    expect(headersOf(init)).toMatchObject({ authorization: 'Bearer token-1', [APP_SOURCE_HEADER]: 'support_web' });
    expect(headersOf(init)[IMPERSONATION_HEADERS.providerId]).toBeUndefined();
  });

  it("keeps a file of another JSON media type (a FHIR Bundle) as the bytes that came, and reads the API's own JSON", async () => {
    const bundle = '{"resourceType":"Bundle","type":"document"}';
    const { send } = setup({
      fetch: (async () =>
        new Response(bundle, { status: 200, headers: { 'content-type': 'application/fhir+json; charset=utf-8' } })) as typeof globalThis.fetch,
    });
    const file = await send(route('downloadRecordExportBundle', '/record-exports/{id}/bundle'), { params: { id: 'e-1' } });
    expect(file).toBeInstanceOf(Blob);
    expect(await (file as Blob).text()).toBe(bundle);
    const api = setup({ fetch: (async () => json(200, { status: 'ready' })) as typeof globalThis.fetch });
    await expect(api.send(route('getRecordExport', '/record-exports/{id}'), { params: { id: 'e-1' } })).resolves.toEqual({ status: 'ready' });
  });

  it("in the browser sends no token (the HttpOnly cookie goes by itself, same-origin) and always the app's request header", async () => {
    const { fetch, send } = setup({ accessToken: undefined });
    await send(route('signOut', '/auth/sign-out', true, 'POST'), {});
    const [, init] = fetch.mock.calls[0]!;
    expect(headersOf(init).authorization).toBeUndefined();
    expect(headersOf(init)[storageConstants.csrfHeader]).toBe(storageConstants.csrfHeaderValue);
    expect(init?.credentials).toBe('same-origin');
  });

  it('adds provider_id and ehr_profile_code when impersonation data is stored', async () => {
    const { fetch, send } = setup({ impersonation: () => ({ providerId: 'prov-9', ehrProfileCode: 'EHR7' }) });
    await send(userDetails, { params: { id: 'u1' } });
    expect(headersOf(fetch.mock.calls[0]![1])).toMatchObject({ provider_id: 'prov-9', ehr_profile_code: 'EHR7' });
  });

  it('sends arrays in bracket format, a JSON body, and the idempotency key', async () => {
    const { fetch, send } = setup();
    await send(
      route('createAppointment', '/appointments', true, 'POST'),
      { query: { patientEhrId: ['1', '2'], licenseKey: 'L', empty: undefined }, body: { a: 1 } },
      { idempotencyKey: 'k-1' },
    );
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/appointments?patientEhrId%5B%5D=1&patientEhrId%5B%5D=2&licenseKey=L');
    expect(init?.body).toBe('{"a":1}');
    expect(headersOf(init)).toMatchObject({ 'content-type': 'application/json', 'idempotency-key': 'k-1' });
    expect(queryString({})).toBe('');
  });

  it('gives up after the 30-second timeout with a timeout error', async () => {
    jest.useFakeTimers();
    try {
      const fetch = jest.fn<ReturnType<typeof globalThis.fetch>, Parameters<typeof globalThis.fetch>>(
        (_url, init) =>
          new Promise<Response>((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      );
      const { send } = setup({ fetch });
      const pending = send(userDetails, { params: { id: 'u1' } }).catch((e: unknown) => e);
      await jest.advanceTimersByTimeAsync(timingConstants.apiTimeoutMs - 1);
      expect(fetch.mock.calls[0]![1]!.signal!.aborted).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      const error = (await pending) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.kind).toBe('timeout');
    } finally {
      jest.useRealTimers();
    }
  });

  it('reports a lost connection as a network error', async () => {
    const { send } = setup({ fetch: (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof globalThis.fetch });
    await expect(send(userDetails, { params: { id: 'u1' } })).rejects.toMatchObject({ kind: 'network' });
  });

  it('on a 401 of an authorized call ends the session, unless the call opts out', async () => {
    const { deps, send } = setup({
      fetch: (async () => json(401, { statusCode: 401, errorCode: 'UNAUTHORIZED', message: 'Please sign in again' })) as typeof globalThis.fetch,
    });
    await expect(send(userDetails, { params: { id: 'u1' } })).rejects.toMatchObject({ status: 401 });
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(send(userDetails, { params: { id: 'u1' } }, { redirectOnUnauthorized: false })).rejects.toMatchObject({ status: 401 });
    await expect(send(verifyOtp, { body: { email: 'a@example.com', otp: '000000' } })).rejects.toMatchObject({ status: 401 });
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('raises the provider-deleted error when the provider profile answers 204', async () => {
    const { send } = setup({ fetch: (async () => new Response(null, { status: 204 })) as typeof globalThis.fetch });
    await expect(send(providerProfile, { query: { providerId: 'p1' } })).rejects.toMatchObject({ kind: 'provider-deleted', status: 204 });
    await expect(send(route('cancelAppointment', '/appointments/{id}/cancel', true, 'POST'), { params: { id: 'a' } })).resolves.toBeUndefined();
  });

  it('answers nothing, silently, when the time-zone lookup fails', async () => {
    const { send } = setup({ fetch: (async () => json(500, { message: 'down' })) as typeof globalThis.fetch });
    await expect(send(geoTimezone, { query: { latitude: 40, longitude: -83 } })).resolves.toBeUndefined();
  });

  it('is what the generated client calls, with the route of the spec', async () => {
    const { fetch, deps } = setup();
    const api = createApiClient(createTransport(deps));
    await api.getFrontendFlags({ query: { userId: 'visitor-1' } });
    expect(fetch.mock.calls[0]![0]).toBe(`/api${endpointRoutes.getFrontendFlags.path}?userId=visitor-1`);
    expect(endpointRoutes.getFrontendFlags.authorized).toBe(false);
  });
});

describe('error answers in both shapes of §8', () => {
  it('reads a plain string', () => {
    const text = errorCatalogue.RESPONSIBLE_PARTY_NOT_CREATED.message;
    expect(parseErrorBody(text)).toEqual({ text, fieldErrors: [], fromSchedulingSystem: false });
  });

  it('reads the object shape at the top level, validation reasons first', () => {
    const parsed = parseErrorBody({
      statusCode: 400,
      errorCode: 'VALIDATION_FAILED',
      message: 'x',
      description: 'Some fields are wrong',
      errors: [{ field: 'email', reason: messages['validation.email.invalid'], keyword: 'format' }],
    });
    expect(parsed).toMatchObject({
      text: messages['validation.email.invalid'],
      errorCode: 'VALIDATION_FAILED',
      fieldErrors: [{ field: 'email', keyword: 'format', message: messages['validation.email.invalid'] }],
      fromSchedulingSystem: false,
    });
  });

  it('keeps the self-pay price an insurance refusal offers, and nothing that is not a number', () => {
    const refusal = {
      statusCode: 422,
      errorCode: 'INSURANCE_NOT_ACCEPTED',
      message: 'not covered',
      description: 'not covered',
      internalOutcomeAssessment: 'CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED',
      selfPayPrice: 120.5,
    };
    expect(parseErrorBody(refusal)).toMatchObject({ text: 'not covered', errorCode: 'INSURANCE_NOT_ACCEPTED', selfPayPrice: 120.5 });
    expect(parseErrorBody({ ...refusal, selfPayPrice: '120' }).selfPayPrice).toBeUndefined();
  });

  it('reads the object shape under message, and flags the scheduling system', () => {
    const parsed = parseErrorBody({ message: { description: 'Slot already booked', errorCode: 3001, amdDescription: 'Appointment conflict' } });
    expect(parsed).toEqual({
      text: 'Slot already booked',
      errorCode: 3001,
      amdDescription: 'Appointment conflict',
      fieldErrors: [],
      fromSchedulingSystem: true,
    });
  });

  it('words a failure with no answer from the catalogue for the audience', () => {
    expect(errorTextFor(new ApiError('timeout', 'x'), 'patient_web')).toBe(errorTextFor(undefined, 'patient_web'));
    expect(errorTextFor(new ApiError('http', 'x', 409, parseErrorBody({ description: 'Taken' })), 'support_web')).toBe('Taken');
  });
});
