/**
 * Auth (product-spec §4) and the auth UI state (§3). Auth starts loading; the server's answer to
 * GET /auth/session makes it authenticated, with permissions from the session's groups; logout or
 * an ended session make it anonymous. The token never reaches scripts (an HttpOnly cookie).
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AppType } from '@/generated/enums';
import type { CookieUser, SignInResult } from '@/client/runtime/auth/credentials';
import { NO_PERMISSIONS, type DerivedPermissions } from '@/domain/permissions';

export type AuthStatus = 'loading' | 'anonymous' | 'authenticated';

export interface AuthState {
  status: AuthStatus;
  user?: CookieUser;
  permissions: DerivedPermissions;
  /** ISO date-time when the session ends */
  expiresAt?: string;
  /** the person signed out (rather than the session ending): private pages send to plain sign-in, not back to themselves */
  signedOut?: boolean;
  /** a skip-e-mail session: it may finish its booking and nothing else (the server refuses the rest) */
  bookingOnly?: boolean;
}

export interface AuthUiState {
  email?: string;
  redirectTo?: string;
  showVerifyDOBPopup: boolean;
}

const initialAuth: AuthState = { status: 'loading', permissions: NO_PERMISSIONS };
const initialAuthUi: AuthUiState = { showVerifyDOBPopup: false };

/** Sagas: ask the server who is signed in. */
export const authInitialized = createAction('auth/initialized');
/** A sign-in call succeeded: store the session and go where the person belongs. */
export const signedIn = createAction<SignInResult>('auth/signedIn');
export const logoutRequested = createAction('auth/logoutRequested');
/** An authorized call answered 401. */
export const sessionExpired = createAction<{ returnTo?: string }>('auth/sessionExpired');

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuth,
  reducers: {
    authenticated(_state, action: PayloadAction<{ user?: CookieUser; permissions: DerivedPermissions; expiresAt?: string; bookingOnly?: boolean }>): AuthState {
      return { status: 'authenticated', ...action.payload };
    },
    credentialsCleared(): AuthState {
      return { status: 'anonymous', permissions: NO_PERMISSIONS };
    },
    signedOut(): AuthState {
      return { status: 'anonymous', permissions: NO_PERMISSIONS, signedOut: true };
    },
  },
});

const authUiSlice = createSlice({
  name: 'authUi',
  initialState: initialAuthUi,
  reducers: {
    authEmailEntered(state, action: PayloadAction<string | undefined>) {
      state.email = action.payload;
    },
    authRedirectSet(state, action: PayloadAction<string | undefined>) {
      state.redirectTo = action.payload;
    },
    verifyDobPopupToggled(state, action: PayloadAction<boolean>) {
      state.showVerifyDOBPopup = action.payload;
    },
    authUiReset() {
      return initialAuthUi;
    },
  },
});

export const { authenticated, credentialsCleared, signedOut } = authSlice.actions;
export const { authEmailEntered, authRedirectSet, verifyDobPopupToggled, authUiReset } = authUiSlice.actions;
export const authReducer = authSlice.reducer;
export const authUiReducer = authUiSlice.reducer;

type WithAuth = { auth: AuthState; authUi: AuthUiState };
export const selectAuth = (s: WithAuth) => s.auth;
export const selectAuthStatus = (s: WithAuth) => s.auth.status;
export const selectPermissions = (s: WithAuth) => s.auth.permissions;
export const selectUser = (s: WithAuth) => s.auth.user;
export const selectAuthUi = (s: WithAuth) => s.authUi;

const SUPPORT_WEB: AppType = 'support_web';
const PATIENT_WEB: AppType = 'patient_web';

/** Whose wording errors use (product-spec §1, §6): staff who book for patients read support_web's. */
export const selectAudience = (s: WithAuth): AppType => (s.auth.permissions.isSupportOrThirdParty ? SUPPORT_WEB : PATIENT_WEB);
