/** Consent side effects: fetch the wording, sign it, verify the signature; each failure is typed. */
import { call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { basicReason, toFailure } from '../failures';
import type { ConsentTemplate, Services } from '../services';
import { selectAudience } from '../auth/slice';
import type { AppType } from '@/generated/enums';
import type { BookingPatient } from '../types';
import {
  consentFailed,
  consentPending,
  consentSigned,
  consentSignersUpdated,
  consentSignRequested,
  consentTemplateRequested,
  consentTextUpdated,
  selectConsent,
  type ConsentFailureReason,
  type ConsentState,
} from './slice';

function reasonFor(step: 'template' | 'sign' | 'verify', error: unknown): ConsentFailureReason {
  const basic = basicReason(error);
  return basic === 'rejected' ? step : basic;
}

export function* fetchTemplate(action: PayloadAction<{ patients: BookingPatient[] }>) {
  const services: Services = yield getContext('services');
  const audience: AppType = yield select(selectAudience);
  yield put(consentPending());
  try {
    const { consentText, patients }: Pick<ConsentTemplate, 'consentText' | 'patients'> = yield call(services.consent.template, {
      patients: action.payload.patients,
    });
    yield put(consentTextUpdated(consentText));
    if (patients?.length) yield put(consentSignersUpdated(patients));
    yield put(consentSigned(false));
  } catch (error) {
    yield put(consentFailed(toFailure(error, reasonFor('template', error), audience)));
  }
}

export function* signAndVerify() {
  const services: Services = yield getContext('services');
  const audience: AppType = yield select(selectAudience);
  const consent: ConsentState = yield select(selectConsent);
  yield put(consentPending());
  let step: 'sign' | 'verify' = 'sign';
  try {
    const { consentId }: { consentId: string } = yield call(services.consent.sign, { patients: consent.patients, consentText: consent.consentText ?? '' });
    step = 'verify';
    const { verified }: { verified: boolean } = yield call(services.consent.verify, { consentId });
    if (!verified) {
      yield put(consentFailed(toFailure(undefined, 'not-verified', audience)));
      return;
    }
    // The account's patients are server state: the signing screen refetches them (VerifyConsentPage).
    yield put(consentSigned(true));
  } catch (error) {
    yield put(consentFailed(toFailure(error, reasonFor(step, error), audience)));
  }
}

export function* consentSaga() {
  yield takeLatest(consentTemplateRequested.type, fetchTemplate);
  yield takeLeading(consentSignRequested.type, signAndVerify);
}
