import * as limitsConstants from '../generated/constants/limits';
import type { ConsentType, Relationship } from '../generated/enums';
import { messages } from '../generated/messages';
import { consentToSign, consentsRequired, consentsValid, guardianConsentText, ownSignatureMissing } from './consents';
import { addDaysIso, addYears } from './dates';

const today = '2026-11-22';
const adultDob = addYears(today, -limitsConstants.adultAge);
const minorDob = addDaysIso(adultDob, 1);
const SELF: Relationship = 'Self';
const CHILD: Relationship = 'Child';
const SPOUSE: Relationship = 'Spouse';
const BOOK: ConsentType = 'bookAppointmentConsent';
const PAY: ConsentType = 'paymentConsent';

describe('who must give consents', () => {
  it('asks the account holder themself, whatever the age', () => {
    expect(consentsRequired({ relationship: SELF, dateOfBirth: adultDob }, today)).toBe(true);
    expect(consentsRequired({ relationship: SELF }, today)).toBe(true);
  });

  it('asks for minors of any relationship', () => {
    expect(consentsRequired({ relationship: CHILD, dateOfBirth: minorDob }, today)).toBe(true);
    expect(consentsRequired({ relationship: SPOUSE, dateOfBirth: minorDob }, today)).toBe(true);
  });

  it('does not ask adults who are not the account holder', () => {
    expect(consentsRequired({ relationship: SPOUSE, dateOfBirth: adultDob }, today)).toBe(false);
    expect(consentsRequired({ relationship: CHILD, dateOfBirth: adultDob }, today)).toBe(false);
    expect(consentsRequired({}, today)).toBe(false);
  });
});

describe('whether consents are valid', () => {
  it('needs at least one consent', () => {
    expect(consentsValid([])).toBe(false);
    expect(consentsValid(undefined)).toBe(false);
    expect(consentsValid(null)).toBe(false);
  });

  it('needs every consent provided', () => {
    expect(consentsValid([{ isConsentProvided: true, consentType: BOOK }])).toBe(true);
    expect(
      consentsValid([
        { isConsentProvided: true, consentType: BOOK },
        { isConsentProvided: true, consentType: PAY },
      ]),
    ).toBe(true);
    expect(
      consentsValid([
        { isConsentProvided: true, consentType: BOOK },
        { isConsentProvided: false, consentType: PAY },
      ]),
    ).toBe(false);
  });
});

describe('guardian consent wording', () => {
  it('names the patient in the spec’d sentence', () => {
    const [before, after] = messages['consent.parentOrGuardian'].split('{patient}');
    expect(guardianConsentText({ firstName: ' Sky ', lastName: 'Rivera' })).toBe(`${before}Sky Rivera${after}`);
  });

  it('does not leave stray spaces when a name part is missing', () => {
    const [before, after] = messages['consent.parentOrGuardian'].split('{patient}');
    expect(guardianConsentText({ firstName: 'Sky', lastName: null })).toBe(`${before}Sky${after}`);
  });
});

describe('whether the person still signs the booking consent themselves', () => {
  const booking: ConsentType = 'bookAppointmentConsent';
  it('is missing with no consent, an unsigned one, or one only staff recorded on a call', () => {
    expect(ownSignatureMissing(undefined)).toBe(true);
    expect(ownSignatureMissing([{ isConsentProvided: false, consentType: booking, source: 'patient_web' }])).toBe(true);
    expect(ownSignatureMissing([{ isConsentProvided: true, consentType: booking, source: 'support_web' }])).toBe(true);
    expect(ownSignatureMissing([{ isConsentProvided: true, consentType: 'paymentConsent', source: 'patient_web' }])).toBe(true);
  });
  it('is given once the person signed it', () => {
    expect(ownSignatureMissing([{ isConsentProvided: true, consentType: booking, source: 'patient_web' }])).toBe(false);
  });
});

describe('whether a screen asks a person to sign (first-time, verify, the dashboard)', () => {
  const onCall = [{ isConsentProvided: true, consentType: 'bookAppointmentConsent' as const, source: 'support_web' }];
  const ownName = [{ isConsentProvided: true, consentType: 'bookAppointmentConsent' as const, source: 'patient_web' }];
  it('asks the holder and a minor whose only consent staff recorded on a call, as one who signed nothing', () => {
    expect(consentToSign({ relationship: SELF, consents: onCall }, today)).toBe(true);
    expect(consentToSign({ relationship: CHILD, dateOfBirth: minorDob, consents: onCall }, today)).toBe(true);
    expect(consentToSign({ relationship: SELF, consents: [] }, today)).toBe(true);
    expect(consentToSign({ relationship: SELF }, today)).toBe(true);
  });
  it('does not ask one who signed in their own name, nor an adult dependant (not asked to sign)', () => {
    expect(consentToSign({ relationship: SELF, consents: ownName }, today)).toBe(false);
    expect(consentToSign({ relationship: SPOUSE, dateOfBirth: adultDob, consents: onCall }, today)).toBe(false);
    expect(consentToSign({ relationship: SPOUSE, dateOfBirth: adultDob }, today)).toBe(false);
  });
  it('turns on the day of coming of age: a child of the adult age today is an adult dependant', () => {
    expect(consentToSign({ relationship: CHILD, dateOfBirth: minorDob, consents: onCall }, today)).toBe(true);
    expect(consentToSign({ relationship: CHILD, dateOfBirth: adultDob, consents: onCall }, today)).toBe(false);
  });
  it('still lets staff recorded consent count for booking (the server rule), not as signed', () => {
    expect(consentsValid(onCall)).toBe(true);
    expect(consentToSign({ relationship: SELF, consents: onCall }, today)).toBe(true);
  });
});
