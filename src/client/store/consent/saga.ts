/** Consent side effects: sign the consent, verify the signature; each failure is typed. */
import { call, getContext, put, select, takeLeading } from 'redux-saga/effects';
import { basicReason, toFailure } from '../failures';
import type { Services } from '../services';
import { selectAudience } from '../auth/slice';
import type { AppType } from '@/generated/enums';
import { consentFailed, consentGiven, consentPending, consentSigned, consentSignRequested, type ConsentFailureReason } from './slice';

function reasonFor(step: 'sign' | 'verify', error: unknown): ConsentFailureReason {
  const basic = basicReason(error);
  return basic === 'rejected' ? step : basic;
}

export function* signAndVerify(action: ReturnType<typeof consentSignRequested>) {
  const services: Services = yield getContext('services');
  const audience: AppType = yield select(selectAudience);
  yield put(consentPending());
  let step: 'sign' | 'verify' = 'sign';
  try {
    const { consentId }: { consentId: string } = yield call(services.consent.sign, { patients: action.payload.patients });
    step = 'verify';
    const { verified }: { verified: boolean } = yield call(services.consent.verify, { consentId });
    if (!verified) {
      yield put(consentFailed(toFailure(undefined, 'not-verified', audience)));
      return;
    }
    // The account's patients are server state: the signing screen refetches them (VerifyConsentPage).
    yield put(consentSigned(true));
    if (action.payload.names.length) yield put(consentGiven({ names: action.payload.names }));
  } catch (error) {
    yield put(consentFailed(toFailure(error, reasonFor(step, error), audience)));
  }
}

export function* consentSaga() {
  yield takeLeading(consentSignRequested.type, signAndVerify);
}
