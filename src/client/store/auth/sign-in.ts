/**
 * The sign-in request in flight (beside the auth UI state of product-spec §3, which keeps only
 * email, redirectTo and showVerifyDOBPopup): which way the code or link was sent, a magic link
 * waiting for its date of birth, and the last failure in words from the error catalogue.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TypedFailure } from '../types';

/** A code e-mailed for the verify-OTP page, or a link for the e-mail-sent page. */
export type SignInMethod = 'otp' | 'link';

/** Why a sign-in step failed: the catalogue entries of specs/errors/auth.yaml, or no answer at all. */
export type SignInFailureReason = 'code-invalid' | 'link-invalid' | 'dob-required' | 'google-failed' | 'rate-limited' | 'rejected' | 'timeout' | 'network';

export interface SignInState {
  status: 'idle' | 'sending' | 'sent' | 'verifying' | 'failed';
  method?: SignInMethod;
  /** a new code or link went out on request */
  resent?: boolean;
  /** the magic link opened on this page, kept while its account confirms the date of birth */
  pendingLoginToken?: string;
  error?: TypedFailure<SignInFailureReason>;
  /** Google sign-in's client id from GET /client-config: undefined until known, null when not set up */
  googleClientId?: string | null;
}

const initialSignIn: SignInState = { status: 'idle' };

/** Sagas: send a code or a link (by the emailOtpLogin flag) to this address. */
export const signInEmailSubmitted = createAction<{ email: string }>('signIn/emailSubmitted');
/** Sagas: send the code or link again (a code with isRetry, retiring the previous one). */
export const signInResendRequested = createAction('signIn/resendRequested');
export const otpSubmitted = createAction<{ otp: string }>('signIn/otpSubmitted');
/** The magic-link landing page opened with this token. */
export const magicLinkOpened = createAction<{ loginToken: string }>('signIn/magicLinkOpened');
export const dobSubmitted = createAction<{ dob: string }>('signIn/dobSubmitted');
/** Sagas: learn whether Google sign-in is set up (GET /client-config). */
export const clientConfigRequested = createAction('signIn/clientConfigRequested');
/** Google Identity Services handed over an ID token. */
export const googleCredentialReceived = createAction<{ credential: string }>('signIn/googleCredentialReceived');

const signInSlice = createSlice({
  name: 'signIn',
  initialState: initialSignIn,
  reducers: {
    signInSending(state, action: PayloadAction<{ resend?: boolean } | undefined>) {
      state.status = 'sending';
      delete state.error;
      if (!action.payload?.resend) delete state.resent;
    },
    signInSent(state, action: PayloadAction<{ method: SignInMethod; resent?: boolean }>) {
      state.status = 'sent';
      state.method = action.payload.method;
      state.resent = Boolean(action.payload.resent);
    },
    signInVerifying(state) {
      state.status = 'verifying';
      delete state.error;
    },
    signInFailed(state, action: PayloadAction<TypedFailure<SignInFailureReason>>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    dobRequested(state, action: PayloadAction<{ loginToken: string }>) {
      state.status = 'idle';
      state.pendingLoginToken = action.payload.loginToken;
    },
    signInErrorDismissed(state) {
      delete state.error;
      if (state.status === 'failed') state.status = 'idle';
    },
    googleClientIdKnown(state, action: PayloadAction<string | null>) {
      state.googleClientId = action.payload;
    },
    /** Signed in, or left: nothing of the attempt is kept (the deployment's settings are). */
    signInReset(state) {
      return { ...initialSignIn, googleClientId: state.googleClientId };
    },
  },
});

export const { signInSending, signInSent, signInVerifying, signInFailed, dobRequested, signInErrorDismissed, signInReset, googleClientIdKnown } =
  signInSlice.actions;
export const signInReducer = signInSlice.reducer;
export const selectSignIn = (s: { signIn: SignInState }) => s.signIn;
