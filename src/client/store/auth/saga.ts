/** Session side effects: restore at start, store on sign-in, clear on logout or an expired session. */
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, getContext, put, select, takeEvery, takeLeading } from 'redux-saga/effects';
import type { SignInResult } from '../../runtime/auth/credentials';
import { postLoginPath } from '../../../domain/roles';
import { derivePermissions, readToken } from '../../runtime/auth/permissions';
import { destinationPaths, loginPath, loginPathReturningTo } from '../../runtime/navigation/places';
import type { Services } from '../services';
import { authenticated, authInitialized, authUiReset, credentialsCleared, logoutRequested, selectAuthUi, sessionExpired, signedIn, type AuthUiState } from './slice';

export function* restoreSession() {
  const services: Services = yield getContext('services');
  const token = services.session.token();
  const claims = token ? readToken(token) : undefined;
  const unexpired = claims && (claims.exp === undefined || claims.exp * 1000 > Date.now());
  if (!unexpired) {
    if (token) services.session.clear();
    yield put(credentialsCleared());
    return;
  }
  yield put(
    authenticated({
      user: services.session.user(),
      permissions: derivePermissions(claims.groups),
      expiresAt: claims.exp === undefined ? undefined : new Date(claims.exp * 1000).toISOString(),
    }),
  );
}

export function* completeSignIn(action: PayloadAction<SignInResult>) {
  const services: Services = yield getContext('services');
  const result = action.payload;
  yield call([services.session, services.session.store], result);
  const claims = readToken(result.accessToken);
  const permissions = derivePermissions(claims?.groups ?? []);
  yield put(authenticated({ user: services.session.user() ?? result.user, permissions, expiresAt: result.expiresAt }));
  const ui: AuthUiState = yield select(selectAuthUi);
  yield put(authUiReset());
  // Clinicians always go to their schedule; others return where they were asked to sign in.
  const destination = postLoginPath(permissions, destinationPaths);
  yield call(services.navigate, permissions.isClinician ? destination : (ui.redirectTo ?? destination), { replace: true });
}

export function* logout() {
  const services: Services = yield getContext('services');
  yield call([services.session, services.session.clear]);
  yield put(credentialsCleared());
  yield call(services.navigate, loginPath, { replace: true });
}

export function* endSession(action: PayloadAction<{ returnTo?: string }>) {
  const services: Services = yield getContext('services');
  yield call([services.session, services.session.clear]);
  yield put(credentialsCleared());
  yield call(services.navigate, loginPathReturningTo(action.payload.returnTo), { replace: true });
}

export function* authSaga() {
  yield takeLeading(authInitialized.type, restoreSession);
  yield takeEvery(signedIn.type, completeSignIn);
  yield takeLeading(logoutRequested.type, logout);
  yield takeLeading(sessionExpired.type, endSession);
}
