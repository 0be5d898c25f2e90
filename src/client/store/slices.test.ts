import { call, put, take } from 'redux-saga/effects';
import { constants } from '../../generated/constants';
import { fakeServices, settle } from '../../../tests/fixtures/services';
import { createAppStore } from './index';
import { authEmailEntered, authenticated, authUiReset, selectAudience, verifyDobPopupToggled } from './auth/slice';
import { derivePermissions } from '../runtime/auth/permissions';
import { consentPatientsUpdated, consentReset, consentSigned, consentTextUpdated } from './consent/slice';
import { dashboardPatientsLoaded, newPatientCountSet, newPatientFormReset, newPatientUpdated, patientConsented, patientDashboardReset } from './dashboard/slice';
import { flagsServed, flagsSettled, selectFlagOn, selectTreatment, userFlagsReset } from './flags/slice';
import { patientAuthCleared, patientAuthSet, tasksLoaded, taskUpdated } from './front-desk/slice';
import { bookingAttributed, crmDetailsSet, filtersLoaded } from './global/slice';
import { initialQuestionnaire, questionnaireAnswered, questionnairePageSet, questionnaireReset } from './questionnaire/slice';
import { toastShown } from './toasts';

const store = () => createAppStore();
const consented = { id: 'a', consents: [{ isConsentProvided: true, consentType: 'bookAppointmentConsent' as const }] };
const notYet = { id: 'b', consents: [{ isConsentProvided: false, consentType: 'bookAppointmentConsent' as const }] };
const none = { id: 'c', consents: [] };

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
  it('is signed by a flag; text and patients update and reset', () => {
    const s = store();
    s.dispatch(consentTextUpdated('I agree'));
    s.dispatch(consentPatientsUpdated([{ id: 'a' }]));
    s.dispatch(consentSigned(true));
    expect(s.getState().consent).toMatchObject({ consentText: 'I agree', patients: [{ id: 'a' }], isConsentSigned: true });
    s.dispatch(consentReset());
    expect(s.getState().consent).toEqual({ isConsentSigned: false, patients: [], status: 'idle' });
  });
});

describe('patient dashboard state', () => {
  it('splits patients by consent (at least one, all provided) and moves one to with-consent', () => {
    const s = store();
    s.dispatch(dashboardPatientsLoaded([consented, notYet, none]));
    expect(s.getState().patientDashboard.patientsWithConsent.map((p) => p.id)).toEqual(['a']);
    expect(s.getState().patientDashboard.patientsWithoutConsent.map((p) => p.id)).toEqual(['b', 'c']);
    s.dispatch(patientConsented({ patientId: 'b' }));
    expect(s.getState().patientDashboard.patientsWithConsent.map((p) => p.id)).toEqual(['a', 'b']);
    expect(s.getState().patientDashboard.patientsWithoutConsent.map((p) => p.id)).toEqual(['c']);
    s.dispatch(patientDashboardReset());
    expect(s.getState().patientDashboard.patients).toEqual([]);
  });
});

describe('new-patient form state', () => {
  it('starts with one Self entry; a count of 2 makes two entries, the first still Self', () => {
    const s = store();
    expect(s.getState().newPatientForm.patients).toEqual([{ relationship: 'Self' }]);
    s.dispatch(newPatientUpdated({ index: 0, patient: { firstName: 'Jordan' } }));
    s.dispatch(newPatientCountSet(2));
    expect(s.getState().newPatientForm.patients).toEqual([{ relationship: 'Self', firstName: 'Jordan' }, {}]);
    s.dispatch(newPatientUpdated({ index: 1, patient: { relationship: 'Child' } }));
    expect(s.getState().newPatientForm.patients[1]).toEqual({ relationship: 'Child' });
    s.dispatch(newPatientFormReset());
    expect(s.getState().newPatientForm).toEqual({ patients: [{ relationship: 'Self' }], reset: true });
  });
});

describe('questionnaire state', () => {
  it('moves the page within the flow and resets to the defaults', () => {
    const s = store();
    s.dispatch(questionnaireAnswered({ questionnaireFlowType: 'childTherapy', selectedServiceType: 'child', clientAgeGroups: ['6-10'] }));
    s.dispatch(questionnairePageSet({ index: 5, pageCount: 3 }));
    expect(s.getState().questionnaire.activePageIndex).toBe(2);
    s.dispatch(questionnairePageSet({ index: -1, pageCount: 3 }));
    expect(s.getState().questionnaire.activePageIndex).toBe(0);
    s.dispatch(questionnaireReset());
    expect(s.getState().questionnaire).toEqual(initialQuestionnaire);
    expect(initialQuestionnaire).toMatchObject({ questionnaireFlowType: 'generic', selectedServiceType: 'individual', activePageIndex: 0 });
  });
});

describe('global state', () => {
  it('groups filters by type in priority order, keeps CRM details and the booking attribution', () => {
    const s = store();
    s.dispatch(filtersLoaded([
      { id: '1', type: 'language', value: 'es', priority: 2 },
      { id: '2', type: 'gender', value: 'Female' },
      { id: '3', type: 'language', value: 'en', priority: 1 },
    ]));
    expect(s.getState().global.groupedFilters.language!.map((f) => f.value)).toEqual(['en', 'es']);
    s.dispatch(crmDetailsSet({ leadId: 'L1' }));
    s.dispatch(bookingAttributed('Self-booking SMS'));
    expect(s.getState().global).toMatchObject({ crmDetails: { leadId: 'L1' }, bookingAttribution: { source: 'Self-booking SMS' } });
  });
});

describe('front-desk state', () => {
  it('keeps only open tasks and the patient being served', () => {
    const s = store();
    s.dispatch(tasksLoaded([{ id: 't1', status: 'open' }, { id: 't2', status: 'closed' }]));
    expect(s.getState().frontDesk.openTasks.map((t) => t.id)).toEqual(['t1']);
    s.dispatch(taskUpdated({ id: 't1', status: 'closed' }));
    expect(s.getState().frontDesk.openTasks).toEqual([]);
    s.dispatch(patientAuthSet({ patient: { id: 'p' }, patientToken: 'pt' }));
    expect(s.getState().frontDesk.patientAuth?.patientToken).toBe('pt');
    s.dispatch(patientAuthCleared());
    expect(s.getState().frontDesk.patientAuth).toBeUndefined();
  });
});

describe('flag state', () => {
  it('is control until the service is ready, then the served treatment', () => {
    const s = store();
    expect(selectTreatment('rescheduleButtons')(s.getState())).toBe(constants.treatmentFallback);
    expect(selectFlagOn('rescheduleButtons')(s.getState())).toBe(false);
    s.dispatch(flagsServed({ traffic: 'user', variants: { rescheduleButtons: { name: 'new_for_all', enabled: true } } }));
    expect(selectTreatment('rescheduleButtons')(s.getState())).toBe('new_for_all');
    expect(selectFlagOn('rescheduleButtons')(s.getState())).toBe(true);
    s.dispatch(userFlagsReset());
    expect(selectTreatment('rescheduleButtons')(s.getState())).toBe(constants.treatmentFallback);
  });

  it('stays on control for good when the wait runs out, and keeps anonymous and user traffic apart', () => {
    const s = store();
    s.dispatch(flagsSettled({ traffic: 'anonymous', ready: false }));
    s.dispatch(flagsServed({ traffic: 'anonymous', variants: { emailOtpLogin: { name: 'on', enabled: true } } }));
    expect(s.getState().flags.anonymous.status).toBe('fallback');
    expect(selectTreatment('emailOtpLogin')(s.getState())).toBe(constants.treatmentFallback);
    s.dispatch(flagsServed({ traffic: 'user', variants: { emailOtpLogin: { name: 'on', enabled: true } } }));
    expect(selectTreatment('emailOtpLogin')(s.getState())).toBe(constants.treatmentFallback);
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
});
