/** Booking step 2's rules of who is booked, at their edges (a pure function: no database). */
import type { UserRow } from '../accounts/repository';
import type { AppError } from '../errors';
import type { AccountPatient } from './claim-key';
import { checkPatientRules, type BookingBody } from './patient-rules';

const NOW = new Date('2030-06-15T12:00:00Z');
const ZONES: { practice: string | null; provider: string } = { practice: 'America/Chicago', provider: 'America/Denver' };
const given = [{ isConsentProvided: true, consentType: 'bookAppointmentConsent', source: 'patient_web' }] as const;

const account = (over: Partial<UserRow> = {}): UserRow => ({
  id: 'account-1',
  email: 'holder@example.com',
  provisional: false,
  first_name: 'Robin',
  last_name: 'Holder',
  user_type: 'patient' as UserRow['user_type'],
  groups: [],
  address: null,
  business_partner_id: null,
  is_partner_association_active: false,
  date_of_birth: '1980-01-01',
  dob_check_required: false,
  disabled_at: null,
  language: null,
  time_zone: null,
  ...over,
});

const selfOnFile = (over: Partial<AccountPatient> = {}): AccountPatient => ({
  id: 'patient-self',
  first_name: 'Robin',
  last_name: 'Holder',
  relationship: 'Self',
  date_of_birth: '1980-01-01',
  time_zone: null,
  signed: false,
  sessions: [],
  insurance: null,
  ...over,
});

const body = (patients: BookingBody['patients'], over: Partial<BookingBody> = {}): BookingBody =>
  ({
    holdId: 'hold',
    providerId: 'provider',
    practiceId: 'practice',
    slotId: 'slot',
    counselingType: 'Individual Counseling',
    appointmentMode: 'online',
    patients,
    ...over,
  }) as BookingBody;

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as AppError).errorName;
  }
  return 'accepted';
}

test('an existing patient is booked with what is on file, a new first patient of an account without Self is Self', () => {
  const existing = checkPatientRules(body([{ id: 'patient-self', consents: [...given] }]), account(), [selfOnFile()], ZONES, NOW);
  expect(existing.drafts).toEqual([expect.objectContaining({ id: 'patient-self', isNew: false, firstName: 'Robin', relationship: 'Self' })]);
  expect(existing.today).toBe('2030-06-15');
  const fresh = checkPatientRules(
    body([{ firstName: ' Ana ', lastName: ' Ruiz ', dateOfBirth: '1990-02-02', consents: [...given] }]),
    account(),
    [],
    ZONES,
    NOW,
  );
  expect(fresh.drafts).toEqual([expect.objectContaining({ isNew: true, firstName: 'Ana', lastName: 'Ruiz', relationship: 'Self' })]);
});

test('a patient not of the account, or the same patient twice, is not found', () => {
  expect(refusal(() => checkPatientRules(body([{ id: 'someone-else', consents: [...given] }]), account(), [selfOnFile()], ZONES, NOW))).toBe('NOT_FOUND');
  const twice = body([
    { id: 'patient-self', consents: [...given] },
    { id: 'patient-self', consents: [...given] },
  ]);
  expect(refusal(() => checkPatientRules(twice, account(), [selfOnFile()], ZONES, NOW))).toBe('NOT_FOUND');
});

test('six patients are booked together, a seventh is refused', () => {
  const children = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      firstName: `Kid${i}`,
      lastName: 'Holder',
      dateOfBirth: '2000-01-01',
      relationship: 'Child' as const,
      consents: [],
    }));
  expect(checkPatientRules(body(children(6)), account(), [selfOnFile()], ZONES, NOW).drafts).toHaveLength(6);
  expect(refusal(() => checkPatientRules(body(children(7)), account(), [selfOnFile()], ZONES, NOW))).toBe('BOOKING_DETAILS_MISMATCH');
});

test("the booking's zone: the account's, else the device's, else the Self patient's, the practice's, the provider's; a zone that is none is refused", () => {
  const zoneOf = (a: UserRow, b: BookingBody, self: AccountPatient, zones = ZONES) => checkPatientRules(b, a, [self], zones, NOW).timeZone;
  const booking = (timeZone?: string) => body([{ id: 'patient-self', consents: [...given] }], timeZone ? { timeZone } : {});
  expect(zoneOf(account({ time_zone: 'Europe/Madrid' }), booking('Asia/Tokyo'), selfOnFile({ time_zone: 'America/New_York' }))).toBe('Europe/Madrid');
  expect(zoneOf(account(), booking('Asia/Tokyo'), selfOnFile({ time_zone: 'America/New_York' }))).toBe('Asia/Tokyo');
  expect(zoneOf(account(), booking(), selfOnFile({ time_zone: 'America/New_York' }))).toBe('America/New_York');
  expect(zoneOf(account(), booking(), selfOnFile())).toBe('America/Chicago');
  expect(zoneOf(account(), booking(), selfOnFile(), { practice: null, provider: 'America/Denver' })).toBe('America/Denver');
  expect(refusal(() => zoneOf(account(), booking('Mars/Olympus'), selfOnFile()))).toBe('VALIDATION_FAILED');
});

test('a minor needs an adult responsible party: the adult account holder, or an adult given with the booking', () => {
  const minor = { firstName: 'Kid', lastName: 'Holder', dateOfBirth: '2020-01-01', relationship: 'Child' as const, consents: [...given] };
  expect(checkPatientRules(body([minor]), account(), [selfOnFile()], ZONES, NOW).party.kind).toBe('account-holder');
  expect(refusal(() => checkPatientRules(body([minor]), account(), [selfOnFile({ date_of_birth: '2015-01-01' })], ZONES, NOW))).toBe(
    'RESPONSIBLE_PARTY_NOT_CREATED',
  );
  const adult = { firstName: 'Lee', lastName: 'Guardian', dob: '1970-01-01' } as BookingBody['responsibleParty'];
  const child = { firstName: 'Lee', lastName: 'Guardian', dob: '2015-01-01' } as BookingBody['responsibleParty'];
  expect(checkPatientRules(body([minor], { responsibleParty: adult }), account(), [selfOnFile({ date_of_birth: '2015-01-01' })], ZONES, NOW).party.kind).toBe(
    'given',
  );
  expect(refusal(() => checkPatientRules(body([minor], { responsibleParty: child }), account(), [selfOnFile()], ZONES, NOW))).toBe(
    'RESPONSIBLE_PARTY_NOT_CREATED',
  );
});

test('Self and minors give their consents with the booking unless the booking consent is signed already; other adults need none', () => {
  const self = (consents: BookingBody['patients'][number]['consents'], signed = false) =>
    refusal(() => checkPatientRules(body([{ id: 'patient-self', consents }]), account(), [selfOnFile({ signed })], ZONES, NOW));
  expect(self([...given])).toBe('accepted');
  expect(self([])).toBe('CONSENT_REQUIRED');
  expect(self([{ ...given[0], isConsentProvided: false }])).toBe('CONSENT_REQUIRED');
  expect(self([], true)).toBe('accepted');
  // Signed before, but a consent sent now and not given still refuses.
  expect(self([{ ...given[0], isConsentProvided: false }], true)).toBe('CONSENT_REQUIRED');
  const spouse = { firstName: 'Sam', lastName: 'Holder', dateOfBirth: '1982-01-01', relationship: 'Spouse' as const, consents: [] };
  expect(refusal(() => checkPatientRules(body([spouse]), account(), [selfOnFile()], ZONES, NOW))).toBe('accepted');
});

test('a second Self is refused on its relationship', () => {
  const second = { firstName: 'Other', lastName: 'Self', dateOfBirth: '1985-01-01', relationship: 'Self' as const, consents: [...given] };
  expect(refusal(() => checkPatientRules(body([second]), account(), [selfOnFile()], ZONES, NOW))).toBe('VALIDATION_FAILED');
});
