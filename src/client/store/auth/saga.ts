/**
 * Session side effects: ask the server who is signed in at start, take the sign-in's answer, end the
 * session on the server at logout. The token is an HttpOnly cookie the server sets and clears; no
 * script here reads or stores it.
 */
import { activeLocale, isLocale } from '@/domain/locale';
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, getContext, put, select, takeEvery, takeLeading } from 'redux-saga/effects';
import { cookieUser, type CurrentSession, type SignInResult } from '@/client/runtime/auth/credentials';
import { postLoginPath } from '@/domain/roles';
import { derivePermissions, groupsOf } from '@/domain/permissions';
import { destinationPaths, loginPath, loginPathReturningTo, withQuery } from '@/client/runtime/navigation/places';
import type { PartnerWithDetails, Services } from '../services';
import { safeReturnPath } from '@/domain/return-to';
import { bookingCleaned, bookingHelperUpdated } from '../booking/slice';
import { searchQuerySaved } from '../global/slice';
import { flagsDecided } from '../flags/slice';
import { signInReset } from './sign-in';
import {
  authenticated,
  signedOut,
  authInitialized,
  authUiReset,
  credentialsCleared,
  logoutRequested,
  selectAuth,
  selectAuthUi,
  sessionExpired,
  signedIn,
  type AuthState,
  type AuthUiState,
} from './slice';

export function* restoreSession() {
  const services: Services = yield getContext('services');
  const asked: AuthState = yield select(selectAuth);
  let session: CurrentSession | { signedIn: false };
  try {
    session = yield call(services.session.current);
  } catch {
    // The server could not say: private pages send to sign-in, which works again once the network does.
    session = { signedIn: false };
  }
  // A sign-in or sign-out while the answer was on its way is newer than the answer.
  const now: AuthState = yield select(selectAuth);
  if (now !== asked) return;
  if (!session.signedIn) {
    // Nobody is signed in here (or the session ended, and the server dropped its cookie).
    yield put(credentialsCleared());
    return;
  }
  // The server decided this person's flags with its answer: their screens open as it will enforce them.
  if (session.flags) yield put(flagsDecided({ traffic: 'user', decision: session.flags }));
  yield put(
    authenticated({
      user: cookieUser(session.user),
      permissions: derivePermissions(groupsOf(session.groups)),
      expiresAt: session.expiresAt,
      ...(session.bookingOnly ? { bookingOnly: true } : {}),
    }),
  );
}

/** A third-party agent's partner: its booking details in the booking store, its code in the stored search query. */
export function* rememberAgentPartner(partnershipCode: string) {
  const services: Services = yield getContext('services');
  yield put(searchQuerySaved({ partnershipCode }));
  try {
    const found: PartnerWithDetails = yield call(services.auth.partnerByCode, partnershipCode);
    yield put(bookingHelperUpdated({ b2bUserDetails: found.b2bDetails }));
  } catch (error) {
    // Search works without them; the booking flow asks for the partner again.
    console.warn('B2B user details could not be loaded', error instanceof Error ? error.message : error);
  }
}

export function* completeSignIn(action: PayloadAction<SignInResult>) {
  const services: Services = yield getContext('services');
  const result = action.payload;
  // The server has set the session cookie with this answer; the token in it is for API clients and is not kept.
  const permissions = derivePermissions(groupsOf(result.groups));
  if (result.flags) yield put(flagsDecided({ traffic: 'user', decision: result.flags }));
  yield put(authenticated({ user: cookieUser(result.user), permissions, expiresAt: result.expiresAt }));
  const ui: AuthUiState = yield select(selectAuthUi);
  yield put(authUiReset());
  yield put(signInReset());
  let destination = postLoginPath(permissions, destinationPaths);
  const partnershipCode = permissions.isThirdPartyAgent ? result.businessPartner?.partnershipCode : undefined;
  if (typeof partnershipCode === 'string' && partnershipCode) {
    yield call(rememberAgentPartner, partnershipCode);
    if (destination === destinationPaths.providerSearch) destination = withQuery(destination, { partnershipCode });
  }
  // Clinicians always go to their schedule; others return where they were asked to sign in
  // (this page's ?redirectTo=, or the one the e-mailed link carries), if it is a page of this site.
  const requested = safeReturnPath(ui.redirectTo ?? result.redirectTo, '');
  const next = permissions.isClinician || !requested ? destination : requested;
  // An account that chose another language than this page's opens there in its own (a full load: the page's
  // language is its address prefix, set before the app starts).
  if (result.language && isLocale(result.language) && result.language !== activeLocale()) {
    yield call(services.openInLanguage, next, result.language);
    return;
  }
  yield call(services.navigate, next, { replace: true });
}

export function* logout() {
  const services: Services = yield getContext('services');
  try {
    // The server ends the session and clears its cookie, so the token stops working wherever a copy of it is.
    yield call(services.auth.signOut);
  } catch {
    // Signed out here regardless: an expired or unreachable session has nothing left to end.
  }
  yield put(signedOut());
  // Nothing of the person who left stays in this browser: booking (with partner details) and the search query.
  yield put(bookingCleaned());
  yield put(searchQuerySaved(undefined));
  yield call(services.navigate, loginPath, { replace: true });
}

export function* endSession(action: PayloadAction<{ returnTo?: string }>) {
  const services: Services = yield getContext('services');
  // The server answered 401 and dropped its cookie: nothing is left to clear here.
  yield put(credentialsCleared());
  yield call(services.navigate, loginPathReturningTo(action.payload.returnTo), { replace: true });
}

export function* authSaga() {
  yield takeLeading(authInitialized.type, restoreSession);
  yield takeEvery(signedIn.type, completeSignIn);
  yield takeLeading(logoutRequested.type, logout);
  yield takeLeading(sessionExpired.type, endSession);
}
