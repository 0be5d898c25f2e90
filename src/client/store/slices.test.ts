import { call, put, take } from 'redux-saga/effects';
import * as storageConstants from '@/generated/constants/storage';
import { fakeServices, settle } from '@tests/fixtures/services';
import { createAppStore } from './index';
import { authEmailEntered, authenticated, authUiReset, selectAudience, verifyDobPopupToggled } from './auth/slice';
import { derivePermissions } from '@/domain/permissions';
import { consentPatientsUpdated, consentReset, consentSigned } from './consent/slice';
import { flagsDecided, flagsFromPage, flagsServed, flagsSettled, selectFlagOn, selectTreatment, userFlagsReset } from './flags/slice';
import { searchQuerySaved } from './global/slice';
import { initialQuestionnaire, questionnaireAnswered, questionnairePageSet } from './questionnaire/slice';
import { toastShown } from './toasts';
import { slotHoldRequested } from './booking/slice';

const store = () => createAppStore();

describe('auth UI state', () => {
  it('keeps the e-mail, the verify-DOB popup, and resets', () => {
    const s = store();
    s.dispatch(authEmailEntered('jordan@example.com'));
    s.dispatch(verifyDobPopupToggled(true));
    expect(s.getState().authUi).toEqual({ email: 'jordan@example.com', showVerifyDOBPopup: true });
    s.dispatch(authUiReset());
    expect(s.getState().authUi).toEqual({ showVerifyDOBPopup: false });
  });
});

describe('audience', () => {
  it('is support_web for support staff and third-party agents, patient_web for everyone else', () => {
    const s = store();
    expect(selectAudience(s.getState())).toBe('patient_web');
    s.dispatch(authenticated({ permissions: derivePermissions(['third_party_support']) }));
    expect(selectAudience(s.getState())).toBe('support_web');
    s.dispatch(authenticated({ permissions: derivePermissions(['patient']) }));
    expect(selectAudience(s.getState())).toBe('patient_web');
  });
});

describe('consent state', () => {
  it('is signed by a flag; its patients update and reset', () => {
    const s = store();
    s.dispatch(consentPatientsUpdated([{ id: 'a' }]));
    s.dispatch(consentSigned(true));
    expect(s.getState().consent).toEqual({ patients: [{ id: 'a' }], isConsentSigned: true, status: 'succeeded' });
    s.dispatch(consentReset());
    expect(s.getState().consent).toEqual({ isConsentSigned: false, patients: [], status: 'idle' });
  });
});

describe('questionnaire state', () => {
  it('starts from the defaults and moves the page within the flow', () => {
    const s = store();
    expect(s.getState().questionnaire).toEqual(initialQuestionnaire);
    s.dispatch(questionnaireAnswered({ questionnaireFlowType: 'childTherapy', selectedServiceType: 'child', clientAgeGroups: ['6-10'] }));
    s.dispatch(questionnairePageSet({ index: 5, pageCount: 3 }));
    expect(s.getState().questionnaire.activePageIndex).toBe(2);
    s.dispatch(questionnairePageSet({ index: -1, pageCount: 3 }));
    expect(s.getState().questionnaire.activePageIndex).toBe(0);
    expect(initialQuestionnaire).toMatchObject({ questionnaireFlowType: 'generic', selectedServiceType: 'individual', activePageIndex: 0 });
  });
});

describe('global state', () => {
  it('merges the search query a visit keeps, and forgets it', () => {
    const s = store();
    s.dispatch(searchQuerySaved({ partnershipCode: 'ACME' }));
    s.dispatch(searchQuerySaved({ state: 'OH' }));
    expect(s.getState().global.searchQuery).toEqual({ partnershipCode: 'ACME', state: 'OH' });
    s.dispatch(searchQuerySaved(undefined));
    expect(s.getState().global.searchQuery).toBeUndefined();
  });
});

describe('flag state', () => {
  it('is control until the service is ready, then the served treatment', () => {
    const s = store();
    expect(selectTreatment('rescheduleButtons')(s.getState())).toBe(storageConstants.treatmentFallback);
    expect(selectFlagOn('rescheduleButtons')(s.getState())).toBe(false);
    s.dispatch(flagsServed({ traffic: 'user', variants: { rescheduleButtons: { name: 'new_for_all', enabled: true } } }));
    expect(selectTreatment('rescheduleButtons')(s.getState())).toBe('new_for_all');
    expect(selectFlagOn('rescheduleButtons')(s.getState())).toBe(true);
    s.dispatch(userFlagsReset(undefined));
    expect(selectTreatment('rescheduleButtons')(s.getState())).toBe(storageConstants.treatmentFallback);
  });

  it('falls back to control when the wait runs out with nothing decided, takes a late answer, and keeps anonymous and user traffic apart', () => {
    const s = store();
    s.dispatch(flagsSettled({ traffic: 'anonymous', ready: false }));
    expect(s.getState().flags.anonymous.status).toBe('fallback');
    expect(selectTreatment('emailOtpLogin')(s.getState())).toBe(storageConstants.treatmentFallback);
    s.dispatch(flagsServed({ traffic: 'anonymous', variants: { emailOtpLogin: { name: 'on', enabled: true } } }));
    expect(selectTreatment('emailOtpLogin')(s.getState())).toBe('on');
    s.dispatch(flagsServed({ traffic: 'user', variants: { rescheduleButtons: { name: 'new_for_all', enabled: true } } }));
    s.dispatch(flagsServed({ traffic: 'anonymous', variants: {} }));
    expect(selectTreatment('emailOtpLogin')(s.getState())).toBe(storageConstants.treatmentFallback);
    expect(selectTreatment('rescheduleButtons')(s.getState())).toBe('new_for_all');
  });

  it('starts from the decisions the page came with, and a slow flag service switches none of them off', () => {
    const s = createAppStore({
      flags: flagsFromPage({
        anonymous: { key: 'visitor-1', variants: { emailOtpLogin: 'on' } },
        user: { key: 'sam@example.com', variants: { patientSessionSearch: 'on', insuranceValidationViews: 'show' } },
      }),
    });
    expect(selectFlagOn('emailOtpLogin')(s.getState())).toBe(true);
    expect(selectFlagOn('patientSessionSearch')(s.getState())).toBe(true);
    // The flag clients' wait runs out (the service answers in 5 s): what was decided stays.
    s.dispatch(flagsSettled({ traffic: 'anonymous', ready: false }));
    s.dispatch(flagsSettled({ traffic: 'user', ready: false }));
    expect(selectFlagOn('emailOtpLogin')(s.getState())).toBe(true);
    expect(selectFlagOn('insuranceValidationViews')(s.getState())).toBe(true);
    // The same person confirmed signed in keeps their decision; another person's flags are asked for again.
    s.dispatch(userFlagsReset('sam@example.com'));
    expect(selectFlagOn('patientSessionSearch')(s.getState())).toBe(true);
    s.dispatch(userFlagsReset('mo@example.com'));
    expect(selectFlagOn('patientSessionSearch')(s.getState())).toBe(false);
    expect(s.getState().flags.user).toEqual({ status: 'waiting', key: 'mo@example.com', variants: {} });
  });

  it('takes the decision a sign-in answered with for the person who signed in', () => {
    const s = store();
    s.dispatch(flagsDecided({ traffic: 'user', decision: { key: 'sam@example.com', variants: { patientSessionSearch: 'on' } } }));
    s.dispatch(userFlagsReset('sam@example.com'));
    s.dispatch(flagsSettled({ traffic: 'user', ready: false }));
    expect(selectFlagOn('patientSessionSearch')(s.getState())).toBe(true);
    s.dispatch(userFlagsReset(undefined));
    expect(selectFlagOn('patientSessionSearch')(s.getState())).toBe(false);
  });
});

describe('root saga', () => {
  it('keeps the other sagas running when one crashes', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function* crashing() {
      yield take('boom');
      throw new Error('boom');
    }
    function* steady() {
      for (;;) {
        yield take('ping');
        yield put(toastShown({ kind: 'info', text: 'pong' }));
      }
    }
    function* restartCounter() {
      yield call(() => Promise.resolve());
    }
    const s = createAppStore(undefined, { services: fakeServices(), sagas: [crashing, steady, restartCounter] });
    s.dispatch({ type: 'boom' });
    await settle();
    s.dispatch({ type: 'ping' });
    s.dispatch({ type: 'boom' });
    s.dispatch({ type: 'ping' });
    await settle();
    expect(s.getState().toasts.items.map((t) => t.text)).toEqual(['pong', 'pong']);
    expect(errors).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });

  it('starts a saga fetched with its first action, and gives it the actions that came while it was fetched', async () => {
    let arrive = () => undefined as void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const seen: string[] = [];
    function* counting() {
      for (;;) {
        const action: { type: string; payload: { slotId: string } } = yield take(slotHoldRequested.type);
        seen.push(action.payload.slotId);
      }
    }
    const onDemand = [{ answers: [slotHoldRequested.type], load: () => arrived.then(() => counting) }];
    const s = createAppStore(undefined, { services: fakeServices(), sagas: [], onDemand });
    s.dispatch(slotHoldRequested({ slotId: 's1', providerId: 'p1' }));
    s.dispatch(slotHoldRequested({ slotId: 's2', providerId: 'p1' }));
    await settle();
    expect(seen).toEqual([]);
    arrive();
    await settle();
    expect(seen).toEqual(['s1', 's2']);
    s.dispatch(slotHoldRequested({ slotId: 's3', providerId: 'p1' }));
    expect(seen).toEqual(['s1', 's2', 's3']);
  });

  it('fetches an on-demand saga again with its next action when its code did not arrive', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    function* counting() {
      for (;;) {
        const action: { type: string; payload: { slotId: string } } = yield take(slotHoldRequested.type);
        seen.push(action.payload.slotId);
      }
    }
    const load = jest.fn<Promise<typeof counting>, []>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(counting);
    const s = createAppStore(undefined, { services: fakeServices(), sagas: [], onDemand: [{ answers: [slotHoldRequested.type], load }] });
    s.dispatch(slotHoldRequested({ slotId: 's1', providerId: 'p1' }));
    await settle();
    s.dispatch(slotHoldRequested({ slotId: 's2', providerId: 'p1' }));
    await settle();
    expect(seen).toEqual(['s2']);
    expect(load).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });
});
