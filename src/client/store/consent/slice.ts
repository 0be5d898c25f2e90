/**
 * Consent (product-spec §3, §4): the consent text, whether it is signed, and the patients it is
 * for. Signed by a flag; text and patients can be updated and reset. Persisted in browser storage
 * (without the request status and error).
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ConsentTemplate } from '../services';
import type { BookingPatient, RequestStatus, TypedFailure } from '../types';

export type ConsentFailureReason = 'template' | 'sign' | 'verify' | 'not-verified' | 'timeout' | 'network';

export interface ConsentState {
  consentText?: string;
  isConsentSigned: boolean;
  patients: BookingPatient[];
  /** who signs for each patient of the template (themself, or "Parent / legal guardian of {patient}" for a minor) */
  signers?: ConsentTemplate['patients'];
  status: RequestStatus;
  error?: TypedFailure<ConsentFailureReason>;
}

export const initialConsent: ConsentState = { isConsentSigned: false, patients: [], status: 'idle' };

/** Sagas: fetch the consent wording for these patients. */
export const consentTemplateRequested = createAction<{ patients: BookingPatient[] }>('consent/templateRequested');
/** Sagas: sign the current text for the current patients, then verify the signature. */
export const consentSignRequested = createAction('consent/signRequested');

const consentSlice = createSlice({
  name: 'consent',
  initialState: initialConsent,
  reducers: {
    consentTextUpdated(state, action: PayloadAction<string | undefined>) {
      state.consentText = action.payload;
    },
    consentSignersUpdated(state, action: PayloadAction<ConsentTemplate['patients']>) {
      state.signers = action.payload;
    },
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
    b.addCase(consentTemplateRequested, (state, action) => {
      state.patients = action.payload.patients;
      delete state.signers;
    }),
});

export const { consentTextUpdated, consentSignersUpdated, consentPatientsUpdated, consentSigned, consentPending, consentFailed, consentReset } =
  consentSlice.actions;
export const consentReducer = consentSlice.reducer;

export const selectConsent = (s: { consent: ConsentState }) => s.consent;
