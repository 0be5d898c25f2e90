/**
 * What sagas need from the outside world, given to them through the saga context: the API calls
 * they orchestrate, the session's credentials, navigation, and fresh ids. Tests pass fakes; the
 * browser passes createBrowserServices() (src/client/api/services.ts).
 */
import type { CurrentSession, SignInResult } from '../runtime/auth/credentials';
import type { BookingPatient, Slot } from './types';
import type {
  BookedAppointment,
  CreateAppointmentBody,
  CardOnFile,
  GetBusinessPartnerByCodeResponse,
  HoldSlotResponse,
  SavePatientCardBody,
  SavePatientAuthorizationBody,
  PayAppointmentResponse,
  TokenizeCardBody,
  TokenizeCardResponse,
  VerifyConsentResponse,
} from '@/generated/entities';
import type { ConsentType } from '@/generated/enums';
import type { Locale } from '@/domain/locale';

/** A slot held for the caller while booking (POST /appointments/holds); it lapses at expiresAt. */
export type SlotHold = HoldSlotResponse;

/**
 * What the booking saga books: the body of POST /appointments (createAppointment) with the chosen slot
 * in place of its id (the saga holds it first; holdId comes from the hold). For self-pay, payment.nonce
 * comes from tokenizing the card first, so a declined card books nothing.
 */
export type AppointmentRequest = Omit<CreateAppointmentBody, 'holdId' | 'slotId'> & {
  slot: Slot;
  /** staff booking for someone else: POST /appointments/support, for the account userId or the e-mail address */
  onBehalf?: boolean;
  email?: string;
  /** a recurring series (POST /appointments/series): every week or every other week, this many sessions */
  repeat?: 'week' | 'otherWeek';
  sessions?: number;
};

/** The booked appointment createAppointment answers. */
export type CreatedAppointment = BookedAppointment;

/** Card details the local test gateway tokenizes (POST /patient-cards/tokenize); with Braintree, hosted fields do. */
export type CardDetails = TokenizeCardBody;

/** A card the browser's card form already tokenized (Braintree hosted fields): its one-time nonce. */
export interface TokenizedCard {
  nonce: string;
}

/** The card a card step hands the sagas: details for the local gateway to tokenize, or a ready nonce. */
export type CardInput = CardDetails | TokenizedCard;

export function isTokenizedCard(card: CardInput): card is TokenizedCard {
  return 'nonce' in card;
}

/** Paying what is outstanding on an appointment (POST /payments/{id}/pay) with a nonce or a card on file. */
export interface PaymentRequest {
  appointmentId: string;
  cardId?: string;
  saveCard?: boolean;
}

/** The authorization a partner requires, kept on the patient once the booking is made. */
export interface AuthorizationToSave {
  patientId: string;
  authorization: SavePatientAuthorizationBody;
}
/** A business partner with its booking-flow details (GET /business-partners/partnershipCode/{code}). */
export type PartnerWithDetails = GetBusinessPartnerByCodeResponse;

export interface Services {
  navigate(path: string, options?: { replace?: boolean }): void;
  /** opens a page of the app in another language (a full load under that language's prefix) */
  openInLanguage(path: string, locale: Locale): void;
  /** a fresh random id (idempotency keys) */
  newId(): string;
  session: {
    /** who is signed in (GET /auth/session: the token is an HttpOnly cookie the app cannot read) */
    current(): Promise<CurrentSession | { signedIn: false }>;
  };
  auth: {
    sendEmailOtp(input: { email: string; isRetry?: boolean }): Promise<unknown>;
    sendMagicLink(input: { email: string; redirectTo?: string }): Promise<unknown>;
    verifyEmailOtp(input: { email: string; otp: string }): Promise<SignInResult>;
    verifyLoginToken(loginToken: string): Promise<SignInResult>;
    loginWithToken(loginToken: string, dob: string): Promise<SignInResult>;
    loginGoogle(jwtToken: string): Promise<SignInResult>;
    partnerByCode(code: string): Promise<PartnerWithDetails>;
    /** public settings of this deployment (GET /client-config) */
    clientConfig(): Promise<{ googleClientId?: string }>;
    /** ends the session on the server (POST /auth/sign-out), so the token stops working everywhere */
    signOut(): Promise<unknown>;
  };
  booking: {
    holdSlot(input: { slotId: string; providerId: string }): Promise<SlotHold>;
    createAppointment(input: AppointmentRequest & { holdId: string }, idempotencyKey: string): Promise<CreatedAppointment>;
    /** keeps the partner's authorization on a booked patient (POST /patients/{id}/authorizations) */
    saveAuthorization(input: AuthorizationToSave): Promise<unknown>;
  };
  consent: {
    /** Creates and signs a consent for every patient that has an id; answers the first (consentIds: all). */
    sign(input: { patients: BookingPatient[]; consentType?: ConsentType }): Promise<{ consentId: string; consentIds: string[] }>;
    verify(input: { consentId: string }): Promise<VerifyConsentResponse>;
  };
  payment: {
    tokenize(card: CardDetails): Promise<TokenizeCardResponse>;
    pay(input: PaymentRequest & { nonce?: string }, idempotencyKey: string): Promise<PayAppointmentResponse>;
    /** keeps the card of a nonce on file for a patient (POST /patient-cards) */
    saveCard(input: SavePatientCardBody): Promise<CardOnFile>;
  };
}
