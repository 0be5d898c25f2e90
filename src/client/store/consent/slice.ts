/**
 * Consent (product-spec §3, §4): what the person did, not what the server says. Whether it is signed, and the
 * patients it is for; the request's status and typed failure. The consent's wording and who signs for whom are
 * server data, read through the generated query (getConsentTemplate) by the screen that shows them. Persisted in
 * browser storage (without the request status and error).
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BookingPatient, RequestStatus, TypedFailure } from '../types';

export type ConsentFailureReason = 'sign' | 'verify' | 'not-verified' | 'timeout' | 'network';

export interface ConsentState {
  isConsentSigned: boolean;
  patients: BookingPatient[];
  status: RequestStatus;
  error?: TypedFailure<ConsentFailureReason>;
}

export const initialConsent: ConsentState = { isConsentSigned: false, patients: [], status: 'idle' };

/** Sagas: sign the consent of these patients, then verify the signature; `names` are the signers the screen showed. */
export const consentSignRequested = createAction<{ patients: BookingPatient[]; names: string[] }>('consent/signRequested');
/** Sagas: a consent signed and verified for these people (the feedback saga says so). */
export const consentGiven = createAction<{ names: string[] }>('consent/given');

const consentSlice = createSlice({
  name: 'consent',
  initialState: initialConsent,
  reducers: {
    consentPatientsUpdated(state, action: PayloadAction<BookingPatient[]>) {
      state.patients = action.payload;
    },
    consentSigned(state, action: PayloadAction<boolean>) {
      state.isConsentSigned = action.payload;
      state.status = 'succeeded';
    },
    consentPending(state) {
      state.status = 'pending';
      delete state.error;
    },
    consentFailed(state, action: PayloadAction<TypedFailure<ConsentFailureReason>>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    consentReset() {
      return initialConsent;
    },
  },
  extraReducers: (b) =>
    b.addCase(consentSignRequested, (state, action) => {
      state.patients = action.payload.patients;
    }),
});

export const { consentPatientsUpdated, consentSigned, consentPending, consentFailed, consentReset } = consentSlice.actions;
export const consentReducer = consentSlice.reducer;

export const selectConsent = (s: { consent: ConsentState }) => s.consent;
