/**
 * The services sagas use in the browser: the API through the transport, the session's
 * credentials, the router. Booking, consent and payment calls go to the endpoints of specs/api
 * named in marketplaceEndpoints.
 */
import { constants } from '../../generated/constants';
import { endpointRoutes, type EndpointRoute, type RequestInput, type Transport } from '../../generated/client/api';
import type { AppSource } from '../../generated/types';
import type { Services } from '../store/services';
import { storedImpersonation } from '../runtime/auth/credentials';
import { navigateTo } from '../runtime/navigation/navigator';
import { createTransport, type CallOptions } from './transport';

/** Endpoint ids (specs/api) of the calls the booking, consent and payment sagas make. */
export const marketplaceEndpoints = {
  holdSlot: 'holdSlot',
  createAppointment: 'createAppointment',
  createSupportAppointment: 'createSupportAppointment',
  consentTemplate: 'getConsentTemplate',
  createPatientConsent: 'createPatientConsent',
  signConsent: 'signConsent',
  verifyConsent: 'verifyConsent',
  tokenizeCard: 'tokenizeCard',
  payAppointment: 'payAppointment',
  savePatientCard: 'savePatientCard',
} as const;

export function browserTransport(appSource: () => AppSource, onUnauthorized: () => void): Transport<CallOptions> {
  return createTransport({
    baseUrl: '/api',
    timeoutMs: constants.apiTimeoutMs,
    appSource,
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
  const quiet: CallOptions = { redirectOnUnauthorized: false };
  return {
    navigate: navigateTo,
    newId: () => crypto.randomUUID(),
    session: { current: () => call('getAuthSession', {}) },
    auth: {
      // A 401 here is the sign-in's own answer (wrong code, used link), not the end of a session.
      sendEmailOtp: (body) => call('sendEmailOtp', { body }, quiet),
      sendMagicLink: (body) => call('sendMagicLink', { body }, quiet),
      verifyEmailOtp: (body) => call('verifyEmailOtp', { body }, quiet),
      verifyLoginToken: (loginToken) => call('verifyLoginToken', { params: { loginToken } }, quiet),
      loginWithToken: (loginToken, dob) => call('loginWithToken', { params: { loginToken }, query: { dob } }, quiet),
      loginGoogle: (jwtToken) => call('loginGoogleSso', { body: { jwtToken } }, quiet),
      partnerByCode: (code) => call('getBusinessPartnerByCode', { params: { code } }),
      clientConfig: () => call('getClientConfig', {}),
      signOut: () => call('signOut', {}, quiet),
    },
    booking: {
      holdSlot: (input) => call(e.holdSlot, { body: { slotId: input.slotId, providerId: input.providerId } }),
      createAppointment: ({ slot, holdId, onBehalf, ...rest }, idempotencyKey) =>
        call(onBehalf ? e.createSupportAppointment : e.createAppointment, { body: { ...rest, holdId, slotId: slot.id } }, { idempotencyKey }),
    },
    consent: {
      template: ({ patients, consentType, selfPayConsentCategory }) => {
        const patientIds = patients.map((p) => p.id).filter((id): id is string => Boolean(id));
        const firstNew = patients.find((p) => !p.id);
        const patientName = !patientIds.length && firstNew ? [firstNew.firstName, firstNew.lastName].filter(Boolean).join(' ') : undefined;
        return call(e.consentTemplate, { query: { patientIds, patientName, consentType, selfPayConsentCategory } });
      },
      sign: async ({ patients, consentType }) => {
        const ids = patients.map((p) => p.id).filter((id): id is string => Boolean(id));
        if (!ids.length) throw new Error('Consents of patients not created yet are given with the booking (patients[].consents).');
        const consentIds: string[] = [];
        for (const id of ids) {
          const created = await call<{ id: string }>(e.createPatientConsent, { params: { id }, body: { consentType: consentType ?? 'bookAppointmentConsent' } });
          await call(e.signConsent, { params: { id: created.id }, body: { agree: true } });
          consentIds.push(created.id);
        }
        return { consentId: consentIds[0]!, consentIds };
      },
      verify: (input) => call(e.verifyConsent, { params: { id: input.consentId } }),
    },
    payment: {
      tokenize: (card) => call(e.tokenizeCard, { body: card }),
      pay: ({ appointmentId, nonce, cardId, saveCard }, idempotencyKey) =>
        call(e.payAppointment, { params: { id: appointmentId }, body: { nonce, cardId, saveCard } }, { idempotencyKey }),
      saveCard: (body) => call(e.savePatientCard, { body }),
    },
  };
}
