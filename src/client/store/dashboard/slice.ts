/**
 * Patient dashboard (product-spec §3, §4): the account's patients split by whether they have
 * given consent; a patient moves from without-consent to with-consent; reset returns to the start.
 * New-patient form: a list of new patients, the first one Self, and a reset flag.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Relationship } from '../../../generated/enums';
import type { BookingPatient } from '../types';

export interface PatientDashboardState {
  patients: BookingPatient[];
  patientsWithConsent: BookingPatient[];
  patientsWithoutConsent: BookingPatient[];
}

export interface NewPatientEntry extends BookingPatient {
  relationship?: Relationship;
}

export interface NewPatientFormState {
  patients: NewPatientEntry[];
  reset: boolean;
}

const initialDashboard: PatientDashboardState = { patients: [], patientsWithConsent: [], patientsWithoutConsent: [] };
const SELF: Relationship = 'Self';
const initialNewPatients: NewPatientFormState = { patients: [{ relationship: SELF }], reset: false };

/** Consents count only when at least one exists and every one is provided (product-spec §5). */
export function hasConsented(patient: BookingPatient): boolean {
  const consents = patient.consents ?? [];
  return consents.length > 0 && consents.every((c) => c.isConsentProvided);
}

const dashboardSlice = createSlice({
  name: 'patientDashboard',
  initialState: initialDashboard,
  reducers: {
    dashboardPatientsLoaded(_state, action: PayloadAction<BookingPatient[]>) {
      const patients = action.payload;
      return { patients, patientsWithConsent: patients.filter(hasConsented), patientsWithoutConsent: patients.filter((p) => !hasConsented(p)) };
    },
    patientConsented(state, action: PayloadAction<{ patientId: string }>) {
      const index = state.patientsWithoutConsent.findIndex((p) => p.id === action.payload.patientId);
      if (index === -1) return;
      const [patient] = state.patientsWithoutConsent.splice(index, 1);
      state.patientsWithConsent.push(patient!);
    },
    patientDashboardReset() {
      return initialDashboard;
    },
  },
});

const newPatientSlice = createSlice({
  name: 'newPatientForm',
  initialState: initialNewPatients,
  reducers: {
    /** A count of n makes n entries: the first Self, the others for the person to choose. */
    newPatientCountSet(state, action: PayloadAction<number>) {
      const count = Math.max(1, Math.floor(action.payload));
      state.patients = Array.from({ length: count }, (_v, i) => state.patients[i] ?? (i === 0 ? { relationship: SELF } : {}));
      state.reset = false;
    },
    newPatientUpdated(state, action: PayloadAction<{ index: number; patient: Partial<NewPatientEntry> }>) {
      const { index, patient } = action.payload;
      if (index < 0 || index >= state.patients.length) return;
      state.patients[index] = { ...state.patients[index], ...patient };
      state.reset = false;
    },
    newPatientFormReset() {
      return { ...initialNewPatients, reset: true };
    },
  },
});

export const { dashboardPatientsLoaded, patientConsented, patientDashboardReset } = dashboardSlice.actions;
export const { newPatientCountSet, newPatientUpdated, newPatientFormReset } = newPatientSlice.actions;
export const patientDashboardReducer = dashboardSlice.reducer;
export const newPatientFormReducer = newPatientSlice.reducer;

export const selectPatientDashboard = (s: { patientDashboard: PatientDashboardState }) => s.patientDashboard;
export const selectNewPatientForm = (s: { newPatientForm: NewPatientFormState }) => s.newPatientForm;
