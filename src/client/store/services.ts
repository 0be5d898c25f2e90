/**
 * What sagas need from the outside world, given to them through the saga context: the API calls
 * they orchestrate, the session's credentials, navigation, and fresh ids. Tests pass fakes; the
 * browser passes createBrowserServices() (src/client/api/services.ts).
 */
import type { CookieUser, SignInResult } from '../runtime/auth/credentials';
import type { BookingPatient, Slot } from './types';

export interface SlotHold {
  holdId: string;
  /** ISO date-time */
  expiresAt: string;
}

export interface AppointmentRequest {
  slot: Slot;
  providerId: string;
  patients: BookingPatient[];
  counselingType?: string;
  appointmentMode?: string;
  [detail: string]: unknown;
}

export interface CreatedAppointment {
  id: string;
  [detail: string]: unknown;
}

export interface CardDetails {
  number: string;
  expiration: string;
  cvv: string;
  zipcode?: string;
}

export interface PaymentRequest {
  appointmentId?: string;
  patientId?: string;
  amountCents: number;
  [detail: string]: unknown;
}

export interface Services {
  navigate(path: string, options?: { replace?: boolean }): void;
  /** a fresh random id (idempotency keys) */
  newId(): string;
  session: {
    token(): string | undefined;
    user(): CookieUser | undefined;
    store(result: SignInResult): void;
    clear(): void;
    clearSkipEmailToken(): void;
  };
  booking: {
    holdSlot(input: { slot: Slot; providerId: string }): Promise<SlotHold>;
    createAppointment(input: AppointmentRequest & { holdId: string }, idempotencyKey: string): Promise<CreatedAppointment>;
  };
  consent: {
    template(input: { patients: BookingPatient[] }): Promise<{ consentText: string }>;
    sign(input: { patients: BookingPatient[]; consentText: string }): Promise<{ consentId: string }>;
    verify(input: { consentId: string }): Promise<{ verified: boolean }>;
  };
  payment: {
    tokenize(card: CardDetails): Promise<{ nonce: string }>;
    pay(input: PaymentRequest & { nonce: string }, idempotencyKey: string): Promise<{ paymentId: string; status: string }>;
  };
}
