/**
 * The services sagas use in the browser: the API through the transport, the session's
 * credentials, the router. Booking, consent and payment calls go to the endpoints of specs/api
 * named in marketplaceEndpoints.
 */
import { constants } from '../../generated/constants';
import { endpointRoutes, type EndpointRoute, type RequestInput, type Transport } from '../../generated/client/api';
import type { AppSource } from '../../generated/types';
import type { Services } from '../store/services';
import { clearSession, clearSkipEmailToken, bearerToken, storedImpersonation, storedUser, storeSession } from '../runtime/auth/credentials';
import { navigateTo } from '../runtime/navigation/navigator';
import { createTransport, type CallOptions } from './transport';

/** Endpoint ids (specs/api) of the calls the booking, consent and payment sagas make. */
export const marketplaceEndpoints = {
  holdSlot: 'holdSlot',
  createAppointment: 'createAppointment',
  consentTemplate: 'getConsentTemplate',
  signConsent: 'signConsent',
  verifyConsent: 'verifyConsent',
  tokenizeCard: 'tokenizeCard',
  payAppointment: 'payAppointment',
} as const;

export function browserTransport(appSource: () => AppSource, onUnauthorized: () => void): Transport<CallOptions> {
  return createTransport({
    baseUrl: '/api',
    timeoutMs: constants.apiTimeoutMs,
    appSource,
    accessToken: bearerToken,
    impersonation: storedImpersonation,
    onUnauthorized,
  });
}

/** A call by endpoint id, for endpoints the sagas name rather than import. */
export function callEndpoint<T>(transport: Transport<CallOptions>, id: string, input: RequestInput, options?: CallOptions): Promise<T> {
  const route = (endpointRoutes as Readonly<Record<string, EndpointRoute | undefined>>)[id];
  if (!route) return Promise.reject(new Error(`"${id}" is not an endpoint of specs/api`));
  return transport(route, input, options) as Promise<T>;
}

export function createBrowserServices(transport: Transport<CallOptions>): Services {
  const call = <T>(id: string, input: RequestInput, options?: CallOptions) => callEndpoint<T>(transport, id, input, options);
  const e = marketplaceEndpoints;
  return {
    navigate: navigateTo,
    newId: () => crypto.randomUUID(),
    session: { token: bearerToken, user: storedUser, store: storeSession, clear: clearSession, clearSkipEmailToken },
    booking: {
      holdSlot: (input) => call(e.holdSlot, { body: { slotId: input.slot.id, providerId: input.providerId } }),
      createAppointment: (input, idempotencyKey) => call(e.createAppointment, { body: input }, { idempotencyKey }),
    },
    consent: {
      template: (input) => call(e.consentTemplate, { query: { patientIds: input.patients.map((p) => p.id).filter(Boolean) } }),
      sign: (input) => call(e.signConsent, { body: input }),
      verify: (input) => call(e.verifyConsent, { params: { id: input.consentId } }),
    },
    payment: {
      tokenize: (card) => call(e.tokenizeCard, { body: card }),
      pay: (input, idempotencyKey) => call(e.payAppointment, { params: { id: input.appointmentId }, body: input }, { idempotencyKey }),
    },
  };
}
