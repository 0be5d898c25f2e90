/**
 * Patient dashboard (product-spec §3, §4): the account's patients split by whether they have
 * given consent; a patient moves from without-consent to with-consent. (The booking patient step adds
 * new patients one at a time in its own form, so there is no separate new-patient form state.)
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { consentsValid } from '@/domain/consents';
import type { BookingPatient } from '../types';

export interface PatientDashboardState {
  patients: BookingPatient[];
  patientsWithConsent: BookingPatient[];
  patientsWithoutConsent: BookingPatient[];
}

const initialDashboard: PatientDashboardState = { patients: [], patientsWithConsent: [], patientsWithoutConsent: [] };

/** Consents count only when at least one exists and every one is provided (product-spec §5). */
const hasConsented = (patient: BookingPatient) => consentsValid(patient.consents);

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
  },
});

export const { dashboardPatientsLoaded, patientConsented } = dashboardSlice.actions;
export const patientDashboardReducer = dashboardSlice.reducer;

export const selectPatientDashboard = (s: { patientDashboard: PatientDashboardState }) => s.patientDashboard;
