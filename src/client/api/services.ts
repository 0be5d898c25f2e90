/**
 * The services sagas use in the browser: the API through the transport, the session's
 * credentials, the router. Every call is the typed client's, generated from specs/api.
 */
import * as timingConstants from '@/generated/constants/timing';
import { createApiClient, type Transport } from '@/generated/client/api';
import type { CreateAppointmentSeriesBody, CreateSupportAppointmentBody } from '@/generated/entities';
import type { CurrentSession } from '../runtime/auth/credentials';
import type { AppSource } from '@/generated/types';
import type { Services } from '../store/services';
import { storedImpersonation } from '../runtime/auth/credentials';
import { navigateTo, openInLanguage } from '../runtime/navigation/navigator';
import { createTransport, type CallOptions } from './transport';

export function browserTransport(appSource: () => AppSource, onUnauthorized: () => void): Transport<CallOptions> {
  return createTransport({
    baseUrl: '/api',
    timeoutMs: timingConstants.apiTimeoutMs,
    appSource,
    impersonation: storedImpersonation,
    onUnauthorized,
  });
}

export function createBrowserServices(transport: Transport<CallOptions>): Services {
  const api = createApiClient(transport);
  const quiet: CallOptions = { redirectOnUnauthorized: false };
  return {
    navigate: navigateTo,
    openInLanguage,
    newId: () => crypto.randomUUID(),
    session: { current: () => api.getAuthSession() as Promise<CurrentSession | { signedIn: false }> },
    auth: {
      // A 401 here is the sign-in's own answer (wrong code, used link), not the end of a session.
      sendEmailOtp: (body) => api.sendEmailOtp({ body }, quiet),
      sendMagicLink: (body) => api.sendMagicLink({ body }, quiet),
      verifyEmailOtp: (body) => api.verifyEmailOtp({ body }, quiet),
      verifyLoginToken: (loginToken) => api.verifyLoginToken({ params: { loginToken } }, quiet),
      loginWithToken: (loginToken, dob) => api.loginWithToken({ params: { loginToken }, query: { dob } }, quiet),
      loginGoogle: (jwtToken) => api.loginGoogleSso({ body: { jwtToken } }, quiet),
      partnerByCode: (code) => api.getBusinessPartnerByCode({ params: { code } }),
      clientConfig: () => api.getClientConfig(),
      signOut: () => api.signOut(undefined, quiet),
    },
    booking: {
      holdSlot: (input) => api.holdSlot({ body: { slotId: input.slotId, providerId: input.providerId } }),
      createAppointment: ({ slot, holdId, onBehalf, repeat, sessions, ...rest }, idempotencyKey) =>
        repeat && sessions
          ? api.createAppointmentSeries({ body: { ...rest, holdId, slotId: slot.id, repeat, sessions } as CreateAppointmentSeriesBody }, { idempotencyKey })
          : onBehalf
            ? api.createSupportAppointment({ body: { ...rest, holdId, slotId: slot.id } as CreateSupportAppointmentBody }, { idempotencyKey })
            : api.createAppointment({ body: { ...rest, holdId, slotId: slot.id } }, { idempotencyKey }),
      saveAuthorization: ({ patientId, authorization }) => api.savePatientAuthorization({ params: { id: patientId }, body: authorization }),
    },
    consent: {
      template: ({ patients, consentType, selfPayConsentCategory }) => {
        const patientIds = patients.map((p) => p.id).filter((id): id is string => Boolean(id));
        const firstNew = patients.find((p) => !p.id);
        const patientName = !patientIds.length && firstNew ? [firstNew.firstName, firstNew.lastName].filter(Boolean).join(' ') : undefined;
        return api.getConsentTemplate({ query: { patientIds, patientName, consentType, selfPayConsentCategory } });
      },
      sign: async ({ patients, consentType }) => {
        const ids = patients.map((p) => p.id).filter((id): id is string => Boolean(id));
        if (!ids.length) throw new Error('Consents of patients not created yet are given with the booking (patients[].consents).');
        const consentIds: string[] = [];
        for (const id of ids) {
          const created = await api.createPatientConsent({ params: { id }, body: { consentType: consentType ?? 'bookAppointmentConsent' } });
          await api.signConsent({ params: { id: created.id }, body: { agree: true } });
          consentIds.push(created.id);
        }
        return { consentId: consentIds[0]!, consentIds };
      },
      verify: (input) => api.verifyConsent({ params: { id: input.consentId } }),
    },
    payment: {
      tokenize: (card) => api.tokenizeCard({ body: card }),
      pay: ({ appointmentId, nonce, cardId, saveCard }, idempotencyKey) =>
        api.payAppointment({ params: { id: appointmentId }, body: { nonce, cardId, saveCard } }, { idempotencyKey }),
      saveCard: (body) => api.savePatientCard({ body }),
    },
  };
}
