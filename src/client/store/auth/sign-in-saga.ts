/**
 * Sign-in steps (product-spec §2 login routes, §7 Auth): send a one-time code or a magic link
 * (the emailOtpLogin flag decides), verify the code, open the link (asking for the date of birth
 * when the account needs it), Google sign-in. Every success ends in signedIn; every failure in a
 * signInFailed whose text is the catalogue's, in the caller's wording.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, getContext, put, select, take, takeLeading } from 'redux-saga/effects';
import { routeById } from '@/generated/routes';
import { isApiError } from '@/client/api/errors';
import type { SignInResult } from '@/client/runtime/auth/credentials';
import { basicReason, toFailure } from '../failures';
import { flagsServed, flagsSettled, selectFlagOn, selectFlagStatus, type FlagClientStatus } from '../flags/slice';
import { trafficOf } from '@/client/runtime/flags/treatment';
import type { Services } from '../services';
import { authEmailEntered, selectAudience, selectAuthUi, signedIn, verifyDobPopupToggled, type AuthUiState } from './slice';
import {
  clientConfigRequested,
  googleClientIdKnown,
  dobRequested,
  dobSubmitted,
  googleCredentialReceived,
  magicLinkOpened,
  otpSubmitted,
  selectSignIn,
  signInEmailSubmitted,
  signInFailed,
  signInResendRequested,
  signInSending,
  signInSent,
  signInVerifying,
  type SignInFailureReason,
  type SignInMethod,
  type SignInState,
} from './sign-in';

const OTP_FLAG = 'emailOtpLogin' as const;

const REASON_BY_CODE: Readonly<Record<string, SignInFailureReason>> = {
  OTP_INVALID: 'code-invalid',
  LOGIN_LINK_INVALID: 'link-invalid',
  DOB_REQUIRED: 'dob-required',
  GOOGLE_SIGN_IN_FAILED: 'google-failed',
  SIGN_IN_RATE_LIMITED: 'rate-limited',
};

export function signInReason(error: unknown): SignInFailureReason {
  const code = isApiError(error) ? error.errorCode : undefined;
  return (code !== undefined && REASON_BY_CODE[String(code)]) || basicReason(error);
}

function* fail(error: unknown) {
  const audience: ReturnType<typeof selectAudience> = yield select(selectAudience);
  yield put(signInFailed(toFailure(error, signInReason(error), audience)));
}

/** The flag decides between code and link; until the flag service answers (at most flagReadyWaitMs) we wait for it. */
function* chosenMethod() {
  for (;;) {
    const status: FlagClientStatus = yield select(selectFlagStatus(trafficOf(OTP_FLAG)));
    if (status !== 'waiting') break;
    yield take([flagsServed.type, flagsSettled.type]);
  }
  const otp: boolean = yield select(selectFlagOn(OTP_FLAG));
  return (otp ? 'otp' : 'link') as SignInMethod;
}

function* send(email: string, method: SignInMethod, resend: boolean) {
  const services: Services = yield getContext('services');
  if (method === 'otp') {
    yield call(services.auth.sendEmailOtp, { email, ...(resend ? { isRetry: true } : {}) });
  } else {
    const ui: AuthUiState = yield select(selectAuthUi);
    yield call(services.auth.sendMagicLink, { email, ...(ui.redirectTo ? { redirectTo: ui.redirectTo } : {}) });
  }
}

export function* submitEmail(action: PayloadAction<{ email: string }>) {
  const services: Services = yield getContext('services');
  const email = action.payload.email.trim();
  yield put(signInSending());
  yield put(authEmailEntered(email));
  try {
    const method: SignInMethod = yield call(chosenMethod);
    yield call(send, email, method, false);
    yield put(signInSent({ method }));
    yield call(services.navigate, method === 'otp' ? routeById.verifyOtp.path : routeById.loginEmailSent.path);
  } catch (error) {
    yield call(fail, error);
  }
}

export function* resend() {
  const ui: AuthUiState = yield select(selectAuthUi);
  const state: SignInState = yield select(selectSignIn);
  if (!ui.email) return;
  yield put(signInSending({ resend: true }));
  try {
    const method: SignInMethod = state.method ?? (yield call(chosenMethod));
    yield call(send, ui.email, method, true);
    yield put(signInSent({ method, resent: true }));
  } catch (error) {
    yield call(fail, error);
  }
}

export function* verifyOtp(action: PayloadAction<{ otp: string }>) {
  const services: Services = yield getContext('services');
  const ui: AuthUiState = yield select(selectAuthUi);
  if (!ui.email) return;
  yield put(signInVerifying());
  try {
    const result: SignInResult = yield call(services.auth.verifyEmailOtp, { email: ui.email, otp: action.payload.otp });
    yield put(signedIn(result));
  } catch (error) {
    yield call(fail, error);
  }
}

export function* openMagicLink(action: PayloadAction<{ loginToken: string }>) {
  const services: Services = yield getContext('services');
  const { loginToken } = action.payload;
  yield put(signInVerifying());
  try {
    const result: SignInResult = yield call(services.auth.verifyLoginToken, loginToken);
    yield put(signedIn(result));
  } catch (error) {
    if (signInReason(error) === 'dob-required') {
      yield put(dobRequested({ loginToken }));
      yield put(verifyDobPopupToggled(true));
      return;
    }
    yield call(fail, error);
  }
}

export function* confirmDob(action: PayloadAction<{ dob: string }>) {
  const services: Services = yield getContext('services');
  const state: SignInState = yield select(selectSignIn);
  const loginToken = state.pendingLoginToken;
  if (!loginToken) return;
  yield put(signInVerifying());
  try {
    const result: SignInResult = yield call(services.auth.loginWithToken, loginToken, action.payload.dob);
    yield put(verifyDobPopupToggled(false));
    yield put(signedIn(result));
  } catch (error) {
    // A wrong date keeps the popup open (the link still works until too many tries); anything else closes it.
    if (signInReason(error) !== 'dob-required') yield put(verifyDobPopupToggled(false));
    yield call(fail, error);
  }
}

export function* signInWithGoogle(action: PayloadAction<{ credential: string }>) {
  const services: Services = yield getContext('services');
  yield put(signInVerifying());
  try {
    const result: SignInResult = yield call(services.auth.loginGoogle, action.payload.credential);
    yield put(signedIn(result));
  } catch (error) {
    yield call(fail, error);
  }
}

export function* loadClientConfig() {
  const services: Services = yield getContext('services');
  const state: SignInState = yield select(selectSignIn);
  if (state.googleClientId !== undefined) return;
  try {
    const config: { googleClientId?: string } = yield call(services.auth.clientConfig);
    yield put(googleClientIdKnown(config.googleClientId ?? null));
  } catch {
    // Without the settings the page offers e-mail sign-in only.
    yield put(googleClientIdKnown(null));
  }
}

export function* signInSaga() {
  yield takeLeading(clientConfigRequested.type, loadClientConfig);
  yield takeLeading(signInEmailSubmitted.type, submitEmail);
  yield takeLeading(signInResendRequested.type, resend);
  yield takeLeading(otpSubmitted.type, verifyOtp);
  yield takeLeading(magicLinkOpened.type, openMagicLink);
  yield takeLeading(dobSubmitted.type, confirmDob);
  yield takeLeading(googleCredentialReceived.type, signInWithGoogle);
}
