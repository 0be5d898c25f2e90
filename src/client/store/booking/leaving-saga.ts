/**
 * Leaving the booking path (a booking route, then a route that is not one) cleans the booking data and the
 * skip-email user details, and ends a session that exists for this booking only. It runs from the start, apart
 * from the booking saga (saga.ts, fetched with the first slot hold): it must see every address from the first.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, getContext, put, select, takeEvery } from 'redux-saga/effects';
import type { Services } from '../services';
import { credentialsCleared, selectAuth, type AuthState } from '../auth/slice';
import { bookingCleaned, locationChanged, skipEmailUserDetailsCleared } from './slice';

/** Which paths are booking routes; the app passes one built from the route table. */
export type BookingPathTest = (pathname: string) => boolean;

export function* cleanOnLeavingBooking(isBookingPath: BookingPathTest) {
  const services: Services = yield getContext('services');
  let previous: string | undefined;
  yield takeEvery(locationChanged.type, function* onLocation(action: PayloadAction<{ pathname: string }>) {
    const next = action.payload.pathname;
    const left = previous !== undefined && isBookingPath(previous) && !isBookingPath(next);
    previous = next;
    if (!left) return;
    yield put(bookingCleaned({ keepB2bDetails: true }));
    yield put(skipEmailUserDetailsCleared());
    // A skip-e-mail session exists for this booking only: leaving the booking ends it on the server.
    const auth: AuthState = yield select(selectAuth);
    if (auth.bookingOnly) {
      try {
        yield call(services.auth.signOut);
      } catch {
        // Over already (expired or refused): nothing is left to end.
      }
      yield put(credentialsCleared());
    }
  });
}
