/**
 * Every form of specs/forms renders and shows, on its field, the spec message of each rule of
 * product-spec §5 it has: empty, not valid, too long, a date in the future, a birth date more than
 * maxAgeYears back, a minor where adults only are allowed, the one-time-code length, zip and state.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { constants } from '@/generated/constants';
import { formLoaders, type FormId } from '@/generated/forms';
import { messages, type MessageKey } from '@/generated/messages';
import type { FormDefinition, JsonSchema } from '@/generated/types';
import { addDaysIso, addYears, formatUsDate, todayIso } from '@/domain/dates';
import { message } from '@/domain/messages';

const today = todayIso();
const yesterday = addDaysIso(today, -1);
const tomorrow = addDaysIso(today, 1);
const oldestBirthDate = addYears(today, -constants.maxAgeYears);
const adultBirthDate = addYears(today, -constants.adultAge);
const longerThan = (limit: number) => 'a'.repeat(limit + 1);
const adult = { relationship: 'Self', firstName: 'Jordan', lastName: 'Rivera', gender: 'Female', dateOfBirth: '1990-04-02' };
const address = { line1: '12 Elm Street', city: 'Columbus', state: 'OH', zipcode: '43004' };
const email = 'jordan.rivera@example.com';

/** What a field shows after sending the form: its spec message, or nothing. */
interface Case {
  form: FormId;
  rule: string;
  data: Record<string, unknown>;
  field: string;
  shows: string | null;
}

const cases: Case[] = [
  // Support edits a caller's details: the phone number always, the rest behind supportDemographicsEdit.
  {
    form: 'support-patient-contact',
    rule: 'phone not valid',
    data: { phoneNumber: '555-0142' },
    field: 'phoneNumber',
    shows: message('validation.phone.invalid'),
  },
  { form: 'support-patient-contact', rule: 'a ten-digit phone', data: { phoneNumber: '6145550142' }, field: 'phoneNumber', shows: null },
  {
    form: 'support-patient-demographics',
    rule: 'last name not valid',
    data: { firstName: 'Jordan', lastName: 'Rivera!' },
    field: 'lastName',
    shows: message('validation.lastName.invalid'),
  },
  {
    form: 'support-patient-demographics',
    rule: 'e-mail not valid',
    data: { firstName: 'Jordan', lastName: 'Rivera', email: 'jordan@' },
    field: 'email',
    shows: message('validation.email.invalid'),
  },
  // Booking patient information: names with the booking rules, date of birth unless a child kind.
  {
    form: 'booking-patient-information',
    rule: 'date of birth required for Self',
    data: { ...adult, dateOfBirth: undefined },
    field: 'dateOfBirth',
    shows: message('validation.dateOfBirth.required'),
  },
  ...constants.dateOfBirthOptionalRelationships.map((relationship): Case => ({
    form: 'booking-patient-information',
    rule: `no date of birth needed for ${relationship}`,
    data: { ...adult, relationship, dateOfBirth: undefined },
    field: 'dateOfBirth',
    shows: null,
  })),
  {
    form: 'booking-patient-information',
    rule: 'first name not valid',
    data: { ...adult, firstName: 'J0rdan' },
    field: 'firstName',
    shows: message('validation.firstName.invalid'),
  },
  // Names as people write them (constant namePattern): any alphabet, accents, hyphen, both apostrophes, space.
  {
    form: 'booking-patient-information',
    rule: 'accented first name',
    data: { ...adult, firstName: 'José', lastName: 'Muñoz-O’Brien' },
    field: 'firstName',
    shows: null,
  },
  {
    form: 'booking-patient-information',
    rule: 'last name with hyphen and typographic apostrophe',
    data: { ...adult, firstName: 'José', lastName: 'Muñoz-O’Brien' },
    field: 'lastName',
    shows: null,
  },
  {
    form: 'booking-patient-information',
    rule: 'diaeresis in a first name',
    data: { ...adult, firstName: 'Zoë', lastName: "O'Neil" },
    field: 'firstName',
    shows: null,
  },
  {
    form: 'booking-patient-information',
    rule: 'a dot is not part of a name',
    data: { ...adult, lastName: 'St. John' },
    field: 'lastName',
    shows: message('validation.lastName.invalid'),
  },
  {
    form: 'booking-patient-information',
    rule: 'last name not valid',
    data: { ...adult, lastName: 'Rivera!' },
    field: 'lastName',
    shows: message('validation.lastName.invalid'),
  },
  {
    form: 'booking-patient-information',
    rule: 'first name too long',
    data: { ...adult, firstName: longerThan(constants.nameMaxBooking) },
    field: 'firstName',
    shows: message('validation.firstName.maxLength'),
  },
  {
    form: 'booking-patient-information',
    rule: 'last name too long',
    data: { ...adult, lastName: longerThan(constants.nameMaxBooking) },
    field: 'lastName',
    shows: message('validation.lastName.maxLength'),
  },
  {
    form: 'booking-patient-information',
    rule: 'first name only spaces',
    data: { ...adult, firstName: '   ' },
    field: 'firstName',
    shows: message('validation.firstName.requiredAlt'),
  },
  {
    form: 'booking-patient-information',
    rule: 'date of birth in the future',
    data: { ...adult, dateOfBirth: tomorrow },
    field: 'dateOfBirth',
    shows: message('validation.date.notInPast'),
  },
  {
    form: 'booking-patient-information',
    rule: 'date of birth today',
    data: { ...adult, dateOfBirth: today },
    field: 'dateOfBirth',
    shows: message('validation.date.notInPast'),
  },
  {
    form: 'booking-patient-information',
    rule: 'born more than the maximum age ago',
    data: { ...adult, dateOfBirth: addDaysIso(oldestBirthDate, -1) },
    field: 'dateOfBirth',
    shows: message('validation.dateOfBirth.tooOld', { date: formatUsDate(oldestBirthDate) }),
  },
  {
    form: 'booking-patient-information',
    rule: 'born exactly the maximum age ago',
    data: { ...adult, dateOfBirth: oldestBirthDate },
    field: 'dateOfBirth',
    shows: null,
  },
  {
    form: 'booking-patient-information',
    rule: 'date of birth not a date',
    data: { ...adult, dateOfBirth: '2001-02-30' },
    field: 'dateOfBirth',
    shows: message('validation.date.invalid'),
  },
  {
    form: 'booking-patient-information',
    rule: 'gender Unknown is not offered',
    data: { ...adult, gender: 'Unknown' },
    field: 'gender',
    shows: message('validation.gender.required'),
  },
  {
    form: 'booking-patient-information',
    rule: 'phone not valid',
    data: { ...adult, phoneNumber: '555-0142' },
    field: 'phoneNumber',
    shows: message('validation.phone.invalid'),
  },
  {
    form: 'booking-patient-information',
    rule: 'e-mail not valid',
    data: { ...adult, email: 'jordan@' },
    field: 'email',
    shows: message('validation.email.invalid'),
  },

  // Responsible party: adults only, with an address.
  { form: 'responsible-party', rule: 'a minor', data: { dob: addYears(today, -10) }, field: 'dob', shows: message('validation.dateOfBirth.minor') },
  {
    form: 'responsible-party',
    rule: 'a minor until the 18th birthday',
    data: { dob: addDaysIso(adultBirthDate, 1) },
    field: 'dob',
    shows: message('validation.dateOfBirth.minor'),
  },
  { form: 'responsible-party', rule: 'an adult on the 18th birthday', data: { dob: adultBirthDate }, field: 'dob', shows: null },
  { form: 'responsible-party', rule: 'first name not valid', data: { firstName: 'Sam_' }, field: 'firstName', shows: message('validation.firstName.invalid') },
  {
    form: 'responsible-party',
    rule: 'zip code too short',
    data: { address: { ...address, zipcode: '4300' } },
    field: 'address.zipcode',
    shows: message('validation.address.zipcode.invalid'),
  },
  {
    form: 'responsible-party',
    rule: 'zip code too long',
    data: { address: { ...address, zipcode: '430041' } },
    field: 'address.zipcode',
    shows: message('validation.address.zipcode.invalid'),
  },
  {
    form: 'responsible-party',
    rule: 'zip code with letters',
    data: { address: { ...address, zipcode: '43O04' } },
    field: 'address.zipcode',
    shows: message('validation.address.zipcode.invalid'),
  },
  {
    form: 'responsible-party',
    rule: 'state not a state',
    data: { address: { ...address, state: 'ZZ' } },
    field: 'address.state',
    shows: message('validation.address.state.invalid'),
  },
  {
    form: 'responsible-party',
    rule: 'state in lower case',
    data: { address: { ...address, state: 'oh' } },
    field: 'address.state',
    shows: message('validation.address.state.invalid'),
  },
  {
    form: 'responsible-party',
    rule: 'street only spaces',
    data: { address: { ...address, line1: '   ' } },
    field: 'address.line1',
    shows: message('validation.address.line1.required'),
  },

  { form: 'booking-email', rule: 'e-mail not valid', data: { email: 'jordan.rivera@' }, field: 'email', shows: message('validation.email.invalid') },
  {
    form: 'booking-email',
    rule: 'e-mail too long',
    data: { email: `${longerThan(constants.emailMax)}@example.com` },
    field: 'email',
    shows: message('validation.email.invalid'),
  },
  // The first-time screens: the record's date of birth, and for a scheduling-system record its last name and zip code.
  { form: 'claim-account', rule: 'date of birth missing', data: {}, field: 'dateOfBirth', shows: message('validation.dateOfBirth.required') },
  {
    form: 'claim-scheduling-record',
    rule: 'date of birth missing',
    data: { lastName: 'Rivera', zipcode: '43004' },
    field: 'dateOfBirth',
    shows: message('validation.dateOfBirth.required'),
  },
  {
    form: 'claim-scheduling-record',
    rule: 'last name with a character no name has',
    data: { dateOfBirth: '1990-04-02', lastName: 'Rivera!', zipcode: '43004' },
    field: 'lastName',
    shows: message('validation.lastName.invalid'),
  },
  { form: 'sign-in-email', rule: 'e-mail only spaces', data: { email: '   ' }, field: 'email', shows: message('validation.email.required') },
  { form: 'support-find-account', rule: 'e-mail missing', data: {}, field: 'email', shows: message('validation.email.required') },
  { form: 'support-find-account', rule: 'e-mail not valid', data: { email: 'jordan.rivera@' }, field: 'email', shows: message('validation.email.invalid') },

  {
    form: 'service-selection',
    rule: 'service not one of the choices',
    data: { counselingType: 'Yoga', appointmentMode: 'online' },
    field: 'counselingType',
    shows: message('validation.service.required'),
  },
  {
    form: 'service-selection',
    rule: 'mode not one of the choices',
    data: { counselingType: 'Individual Counseling', appointmentMode: 'phone' },
    field: 'appointmentMode',
    shows: message('validation.appointmentMode.required'),
  },

  // One-time code: exactly otpLength digits.
  { form: 'one-time-code', rule: 'code empty', data: { email }, field: 'otp', shows: message('validation.otp.required') },
  {
    form: 'one-time-code',
    rule: 'code too short',
    data: { email, otp: '1'.repeat(constants.otpLength - 1) },
    field: 'otp',
    shows: message('validation.otp.length'),
  },
  {
    form: 'one-time-code',
    rule: 'code too long',
    data: { email, otp: '1'.repeat(constants.otpLength + 1) },
    field: 'otp',
    shows: message('validation.otp.length'),
  },
  {
    form: 'one-time-code',
    rule: 'code with a letter',
    data: { email, otp: `a${'1'.repeat(constants.otpLength - 1)}` },
    field: 'otp',
    shows: message('validation.otp.length'),
  },
  { form: 'confirm-email-change', rule: 'code empty', data: {}, field: 'code', shows: message('validation.otp.required') },
  {
    form: 'confirm-email-change',
    rule: 'code too short',
    data: { code: '1'.repeat(constants.otpLength - 1) },
    field: 'code',
    shows: message('validation.otp.length'),
  },
  {
    form: 'confirm-email-change',
    rule: 'code with a letter',
    data: { code: `a${'1'.repeat(constants.otpLength - 1)}` },
    field: 'code',
    shows: message('validation.otp.length'),
  },

  { form: 'verify-date-of-birth', rule: 'date of birth in the future', data: { dob: tomorrow }, field: 'dob', shows: message('validation.date.notInPast') },
  {
    form: 'verify-date-of-birth',
    rule: 'born more than the maximum age ago',
    data: { dob: addDaysIso(oldestBirthDate, -1) },
    field: 'dob',
    shows: message('validation.dateOfBirth.tooOld', { date: formatUsDate(oldestBirthDate) }),
  },
  { form: 'verify-date-of-birth', rule: 'not a date', data: { dob: '2020-13-01' }, field: 'dob', shows: message('validation.date.invalid') },

  // Authorization: dates, description length, last 4 digits of the SSN.
  {
    form: 'authorization',
    rule: 'description too long',
    data: { authorizationInformation: { authorizationNumber: 'A-1', authorizationDescription: longerThan(constants.authorizationDescriptionMax) } },
    field: 'authorizationInformation.authorizationDescription',
    shows: message('validation.authorization.description.maxLength'),
  },
  {
    form: 'authorization',
    rule: 'expiration before today',
    data: { referralInformation: { effectiveDate: addDaysIso(today, -30), expirationDate: yesterday } },
    field: 'referralInformation.expirationDate',
    shows: message('validation.authorization.expirationDate.notBeforeYesterday', { yesterday: formatUsDate(yesterday) }),
  },
  {
    form: 'authorization',
    rule: 'expiration today',
    data: { referralInformation: { effectiveDate: addDaysIso(today, -30), expirationDate: today } },
    field: 'referralInformation.expirationDate',
    shows: null,
  },
  {
    form: 'authorization',
    rule: 'expiration before the effective date',
    data: { referralInformation: { effectiveDate: addDaysIso(today, 10), expirationDate: addDaysIso(today, 5) } },
    field: 'referralInformation.expirationDate',
    shows: message('validation.authorization.expirationDate.beforeEffective'),
  },
  {
    form: 'authorization',
    rule: 'effective date not a date',
    data: { referralInformation: { effectiveDate: '2025-02-30' } },
    field: 'referralInformation.effectiveDate',
    shows: message('validation.date.invalid'),
  },
  {
    form: 'authorization',
    rule: 'member ID not 4 digits',
    data: { personalInformation: { gender: 'Male', memberId: '12' } },
    field: 'personalInformation.memberId',
    shows: message('validation.authorization.memberId.invalid'),
  },

  // Referral (/care/v1/referrals/make): the authorization form of §3 with every §5 rule, shown in full.
  {
    form: 'referral',
    rule: 'description too long',
    data: { authorizationInformation: { authorizationNumber: 'A-1', authorizationDescription: longerThan(constants.authorizationDescriptionMax) } },
    field: 'authorizationInformation.authorizationDescription',
    shows: message('validation.authorization.description.maxLength'),
  },
  {
    form: 'referral',
    rule: 'expiration before today',
    data: { referralInformation: { effectiveDate: addDaysIso(today, -30), expirationDate: yesterday } },
    field: 'referralInformation.expirationDate',
    shows: message('validation.authorization.expirationDate.notBeforeYesterday', { yesterday: formatUsDate(yesterday) }),
  },
  {
    form: 'referral',
    rule: 'expiration before the effective date',
    data: { referralInformation: { effectiveDate: addDaysIso(today, 10), expirationDate: addDaysIso(today, 5) } },
    field: 'referralInformation.expirationDate',
    shows: message('validation.authorization.expirationDate.beforeEffective'),
  },
  {
    form: 'referral',
    rule: 'effective date typed as no day',
    data: { referralInformation: { effectiveDate: '02/30/2026' } },
    field: 'referralInformation.effectiveDate',
    shows: message('validation.date.invalid'),
  },
  {
    form: 'referral',
    rule: 'carrier missing',
    data: { referralInformation: { referralReason: 'Trauma care', effectiveDate: today, expirationDate: tomorrow } },
    field: 'referralInformation.insuranceCarrier',
    shows: message('validation.authorization.insuranceCarrier.required'),
  },
  {
    form: 'referral',
    rule: 'gender missing when personal information is shown',
    data: { personalInformation: { memberId: '1234' } },
    field: 'personalInformation.gender',
    shows: message('validation.gender.required'),
  },
  {
    form: 'referral',
    rule: 'member ID missing when personal information is shown',
    data: { personalInformation: { gender: 'Female' } },
    field: 'personalInformation.memberId',
    shows: message('validation.authorization.memberId.required'),
  },
  {
    form: 'referral',
    rule: 'member ID not 4 digits',
    data: { personalInformation: { gender: 'Female', memberId: '12a' } },
    field: 'personalInformation.memberId',
    shows: message('validation.authorization.memberId.invalid'),
  },
  {
    form: 'referral',
    rule: 'member ID of 4 digits',
    data: { personalInformation: { gender: 'Female', memberId: '0142' } },
    field: 'personalInformation.memberId',
    shows: null,
  },

  // Billing and account settings: names with the general rules, phone, address.
  { form: 'billing-address', rule: 'first name not valid', data: { firstName: '123' }, field: 'firstName', shows: message('validation.firstName.invalid') },
  {
    form: 'billing-address',
    rule: 'first name too long',
    data: { firstName: longerThan(constants.nameMaxGeneral) },
    field: 'firstName',
    shows: message('validation.firstName.maxLength'),
  },
  { form: 'billing-address', rule: 'last name only spaces', data: { lastName: '  ' }, field: 'lastName', shows: message('validation.lastName.required') },
  { form: 'billing-address', rule: 'a name with an apostrophe and an accent', data: { firstName: 'Zoë', lastName: "O'Brien" }, field: 'lastName', shows: null },
  { form: 'account-settings', rule: 'phone not valid', data: { phoneNumber: '12345' }, field: 'phoneNumber', shows: message('validation.phone.invalid') },
  { form: 'account-settings', rule: 'phone as (xxx) xxx-xxxx', data: { phoneNumber: '(614) 555-0142' }, field: 'phoneNumber', shows: null },
  {
    form: 'account-settings',
    rule: 'zip code too short',
    data: { address: { ...address, zipcode: '9021' } },
    field: 'address.zipcode',
    shows: message('validation.address.zipcode.invalid'),
  },
  {
    form: 'account-settings',
    rule: 'state not a state',
    data: { address: { ...address, state: 'XX' } },
    field: 'address.state',
    shows: message('validation.address.state.invalid'),
  },

  {
    form: 'booking-new-account',
    rule: 'account holder a minor',
    data: { firstName: 'Jordan', lastName: 'Rivera', dateOfBirth: addYears(today, -12) },
    field: 'dateOfBirth',
    shows: message('validation.dateOfBirth.minor'),
  },
  { form: 'booking-new-account', rule: 'first name not valid', data: { firstName: '123' }, field: 'firstName', shows: message('validation.firstName.invalid') },
  { form: 'booking-new-account', rule: 'accented names', data: { firstName: 'Zoë', lastName: 'Muñoz-O’Brien' }, field: 'lastName', shows: null },
  {
    form: 'booking-new-account',
    rule: 'an adult account holder',
    data: { firstName: 'Jordan', lastName: 'Rivera', dateOfBirth: '1990-04-02' },
    field: 'dateOfBirth',
    shows: null,
  },

  { form: 'booking-card', rule: 'card number not valid', data: { number: '1234' }, field: 'number', shows: message('card.number.invalid') },
  { form: 'booking-card', rule: 'expiration not valid', data: { expiration: '13/30' }, field: 'expiration', shows: message('card.expiration.invalid') },
  { form: 'booking-card', rule: 'CVC not valid', data: { cvv: '12' }, field: 'cvv', shows: message('card.cvv.invalid') },
  { form: 'booking-card', rule: 'a test card number', data: { number: '4111111111111111', expiration: '12/30', cvv: '123' }, field: 'number', shows: null },

  {
    form: 'insurance-selection',
    rule: 'neither insurance nor self-pay',
    data: { selfPay: false },
    field: 'insuranceId',
    shows: message('validation.insurance.required'),
  },
  // Support: a staff refund, and the front-desk hand-over (date of birth, the consent, the staff member's code).
  {
    form: 'support-refund',
    rule: 'no amount',
    data: { reason: 'Session cancelled by the practice.' },
    field: 'amount',
    shows: message('ui.support.refund.amountRequired'),
  },
  {
    form: 'support-refund',
    rule: 'a reason of spaces only',
    data: { amount: '20.00', reason: '   ' },
    field: 'reason',
    shows: message('ui.support.refund.reasonRequired'),
  },
  {
    form: 'support-refund',
    rule: 'an amount and a reason',
    data: { amount: '20.00', reason: 'Session cancelled by the practice.' },
    field: 'amount',
    shows: null,
  },
  {
    form: 'support-hand-over-birth-date',
    rule: 'date of birth in the future',
    data: { dob: tomorrow },
    field: 'dob',
    shows: message('validation.date.notInPast'),
  },
  { form: 'support-hand-over-code', rule: 'code empty', data: {}, field: 'otp', shows: message('ui.support.handover.codeRequired') },
  {
    form: 'support-hand-over-code',
    rule: 'code too short',
    data: { otp: '1'.repeat(constants.otpLength - 1) },
    field: 'otp',
    shows: message('ui.support.handover.codeLength'),
  },
  { form: 'support-hand-over-code', rule: 'a whole code', data: { otp: '1'.repeat(constants.otpLength) }, field: 'otp', shows: null },
  {
    form: 'support-hand-over-consent',
    rule: 'a name of spaces only',
    data: { signerName: '  ', agree: true },
    field: 'signerName',
    shows: message('ui.support.handover.signerNameRequired'),
  },
  {
    form: 'support-hand-over-consent',
    rule: 'not ticked',
    data: { signerName: 'Jordan Rivera' },
    field: 'agree',
    shows: message('ui.support.handover.agreeRequired'),
  },
  // Cancelling a session: the patient's and staff's (with the fee's waiver); the reasons are the page's choices.
  { form: 'cancel-session', rule: 'no reason', data: { note: 'Feeling better.' }, field: 'reasonId', shows: message('ui.patient.cancel.reasonRequired') },
  {
    form: 'cancel-session',
    rule: 'note too long',
    data: { reasonId: 'schedule_conflict', note: longerThan(500) },
    field: 'note',
    shows: message('validation.default.maxLength', { limit: 500 }),
  },
  { form: 'cancel-session', rule: 'a reason without a note', data: { reasonId: 'schedule_conflict' }, field: 'reasonId', shows: null },
  {
    form: 'support-cancel-session',
    rule: 'the fee waived but no reason',
    data: { waiveFee: true },
    field: 'reasonId',
    shows: message('ui.support.cancel.reasonRequired'),
  },
  {
    form: 'support-cancel-session',
    rule: 'note too long',
    data: { reasonId: 'practice_cancelled', note: longerThan(500) },
    field: 'note',
    shows: message('validation.default.maxLength', { limit: 500 }),
  },
  { form: 'support-cancel-session', rule: 'a reason, the fee waived', data: { reasonId: 'schedule_conflict', waiveFee: true }, field: 'reasonId', shows: null },
  // Support: a note on a session's person, an insurance decision, closing a red alert or a reported record access.
  {
    form: 'support-patient-note',
    rule: 'a note of spaces only',
    data: { patientId: 'p1', noteType: 'general', text: '   ' },
    field: 'text',
    shows: message('ui.support.note.required'),
  },
  {
    form: 'support-patient-note',
    rule: 'note too long',
    data: { patientId: 'p1', noteType: 'general', text: longerThan(constants.patientNoteMax) },
    field: 'text',
    shows: message('validation.default.maxLength', { limit: constants.patientNoteMax }),
  },
  {
    form: 'support-patient-note',
    rule: 'no person chosen',
    data: { noteType: 'general', text: 'Called back.' },
    field: 'patientId',
    shows: message('validation.default.enum'),
  },
  {
    form: 'support-patient-note',
    rule: 'a note about a person',
    data: { patientId: 'p1', noteType: 'billing', text: 'Called back.' },
    field: 'text',
    shows: null,
  },
  {
    form: 'support-insurance-decision',
    rule: 'no decision',
    data: { note: 'Told the caller.' },
    field: 'decision',
    shows: message('ui.support.queue.decisionRequired'),
  },
  {
    form: 'support-insurance-decision',
    rule: 'a note of spaces only',
    data: { decision: 'selfPay', note: '  ' },
    field: 'note',
    shows: message('ui.support.queue.noteRequired'),
  },
  {
    form: 'support-insurance-decision',
    rule: 'a decision and a note',
    data: { decision: 'selfPay', note: 'Told the caller.' },
    field: 'decision',
    shows: null,
  },
  {
    form: 'support-resolve-red-alert',
    rule: 'a note of spaces only',
    data: { note: '   ' },
    field: 'note',
    shows: message('ui.support.redAlert.noteRequired'),
  },
  {
    form: 'support-resolve-red-alert',
    rule: 'note too long',
    data: { note: longerThan(constants.taskNoteMax) },
    field: 'note',
    shows: message('validation.default.maxLength', { limit: constants.taskNoteMax }),
  },
  { form: 'support-resolve-red-alert', rule: 'a note', data: { note: 'Entered by hand in the EHR.' }, field: 'note', shows: null },
  { form: 'support-close-access-report', rule: 'no note', data: {}, field: 'note', shows: message('ui.support.accessReports.noteRequired') },
  { form: 'support-close-access-report', rule: 'a note', data: { note: 'Part of a call; told the patient.' }, field: 'note', shows: null },
  // Care: a clinical alert's note, a provider's removal, the requests to the RCD.
  // The clinician's client (starting a conversation, the client of a referral): an id of the clinician's list, never anything else.
  { form: 'care-message', rule: 'no client id', data: { patientId: 'Jordan Rivera' }, field: 'patientId', shows: message('ui.messages.care.startChoose') },
  { form: 'care-message', rule: 'a client id', data: { patientId: '00000000-0000-4000-8000-00000000000a' }, field: 'patientId', shows: null },
  { form: 'care-referral-client', rule: 'no client id', data: { patientId: 'Jordan Rivera' }, field: 'patientId', shows: message('referral.clientRequired') },
  { form: 'care-referral-client', rule: 'a client id', data: { patientId: '00000000-0000-4000-8000-00000000000a' }, field: 'patientId', shows: null },
  // Answering a referral: a reason is optional (a decline's is asked by the server) and bounded; an RCD's decision needs one.
  {
    form: 'care-referral-answer',
    rule: 'reason too long',
    data: { reason: longerThan(constants.taskNoteMax) },
    field: 'reason',
    shows: message('validation.default.maxLength', { limit: constants.taskNoteMax }),
  },
  { form: 'care-referral-answer', rule: 'no reason', data: {}, field: 'reason', shows: null },
  {
    form: 'care-rcd-decide-request',
    rule: 'a reason of spaces only',
    data: { reason: '  ' },
    field: 'reason',
    shows: message('ui.rcd.requests.reasonRequired'),
  },
  { form: 'care-rcd-decide-request', rule: 'a reason', data: { reason: 'Licence checked.' }, field: 'reason', shows: null },
  { form: 'care-resolve-alert', rule: 'a note of spaces only', data: { note: '   ' }, field: 'note', shows: message('ui.care.alert.noteRequired') },
  { form: 'care-resolve-alert', rule: 'a note', data: { note: 'Called the client; safe.' }, field: 'note', shows: null },
  {
    form: 'care-admin-remove-provider',
    rule: 'note too long',
    data: { reason: 'Incorrect Practitioner Type', note: longerThan(constants.taskNoteMax) },
    field: 'note',
    shows: message('validation.default.maxLength', { limit: constants.taskNoteMax }),
  },
  { form: 'care-admin-remove-provider', rule: 'a reason without a note', data: { reason: 'Incorrect Practitioner Type' }, field: 'note', shows: null },
  {
    form: 'care-request-licence',
    rule: 'a description of spaces only',
    data: { stateCode: 'WY', licenseNumber: 'WY-1', description: '  ' },
    field: 'description',
    shows: message('providerRequest.descriptionRequired'),
  },
  { form: 'care-request-licence', rule: 'a state chosen', data: { stateCode: 'WY' }, field: 'stateCode', shows: null },
  {
    form: 'care-request-pay-rates',
    rule: 'a rate that is no amount',
    data: { payIndividual: 'ten' },
    field: 'payIndividual',
    shows: message('providerAdmin.payInvalid'),
  },
  { form: 'care-request-pay-rates', rule: 'a rate with cents', data: { payIndividual: '135.50' }, field: 'payIndividual', shows: null },
  {
    form: 'care-admin-provider-profile',
    rule: 'a rate that is no amount to the cent',
    data: { payIndividual: '12.345' },
    field: 'payIndividual',
    shows: message('providerAdmin.payInvalid'),
  },
  {
    form: 'care-admin-provider-profile',
    rule: 'a rate as typed with $ and thousands',
    data: { payIndividual: '$1,012.50' },
    field: 'payIndividual',
    shows: null,
  },
  {
    form: 'care-admin-provider-profile',
    rule: 'no licensed state',
    data: { licensedStates: [] },
    field: 'licensedStates',
    shows: message('providerAdmin.statesRequired'),
  },
  { form: 'care-admin-provider-profile', rule: 'no filter ticked', data: { filterIds: [] }, field: 'filterIds', shows: null },
  {
    form: 'care-client-note',
    rule: 'a note of spaces only',
    data: { noteType: 'general', text: '   ' },
    field: 'text',
    shows: message('ui.care.client.noteRequired'),
  },
  {
    form: 'care-client-note',
    rule: 'a note too long',
    data: { noteType: 'general', text: longerThan(constants.patientNoteMax) },
    field: 'text',
    shows: message('validation.default.maxLength', { limit: constants.patientNoteMax }),
  },
  { form: 'care-client-note', rule: 'a note type chosen', data: { noteType: 'billing' }, field: 'noteType', shows: null },
  { form: 'care-request-change', rule: 'a description', data: { description: 'Fridays off from January.' }, field: 'description', shows: null },
  { form: 'insurance-selection', rule: 'self-pay needs no insurance', data: { selfPay: true }, field: 'insuranceId', shows: null },
];

const forms = {} as Record<FormId, FormDefinition>;
beforeAll(async () => {
  for (const id of Object.keys(formLoaders) as FormId[]) forms[id] = await formLoaders[id]();
});

function errorOf(field: string): string | null {
  return document.getElementById(`root_${field.replace(/\./g, '_')}__error`)?.textContent ?? null;
}

async function send(form: FormDefinition, data: Record<string, unknown> = {}): Promise<jest.Mock> {
  const onSubmit = jest.fn();
  render(<SpecForm form={form} initialData={data} onSubmit={onSubmit} />);
  // A form the light renderer does not take (insurance-selection) is drawn once rjsf has loaded.
  await userEvent.click(await screen.findByRole('button', { name: form.submitLabel }));
  await waitFor(() => expect(document.querySelector('.field__error') !== null || onSubmit.mock.calls.length > 0).toBe(true));
  return onSubmit;
}

/** The message each required field shows when left empty, from the form's overrides or the field's x-messages. */
function requiredMessages(
  form: FormDefinition,
  schema: JsonSchema = form.schema,
  ui: Record<string, unknown> = form.uiSchema,
  prefix = '',
): [string, string][] {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return ((schema.required ?? []) as string[]).flatMap((name): [string, string][] => {
    const field = prefix ? `${prefix}.${name}` : name;
    const fieldUi = (ui[name] ?? {}) as Record<string, unknown>;
    const s = props[name]!;
    if (s.type === 'object') return requiredMessages(form, s, fieldUi, field);
    // A hidden field is filled by the screen, and a field with a default is never empty.
    if (fieldUi['ui:widget'] === 'hidden' || s.default !== undefined) return [];
    const key = (form.messages[field]?.required ?? (s['x-messages'] as Record<string, string> | undefined)?.required) as MessageKey | undefined;
    return [[field, key ? messages[key] : '(no message)']];
  });
}

/** Forms whose empty data is valid: nothing in them is required. */
const VALID_EMPTY: ReadonlySet<FormId> = new Set<FormId>(['care-referral-answer']);

describe('every form', () => {
  it.each(Object.keys(formLoaders) as FormId[])('%s shows the spec message of each required field when sent empty', async (id) => {
    const form = forms[id];
    const expected = requiredMessages(form);
    const onSubmit = await send(form);
    // A form whose empty data is valid (accepting a referral needs no reason) is sent as it is, with no error shown.
    if (VALID_EMPTY.has(id)) {
      expect(onSubmit).toHaveBeenCalledWith({});
      expect(document.querySelector('.field__error')).toBeNull();
      return;
    }
    expect(onSubmit).not.toHaveBeenCalled();
    expect(expected.map(([field]) => [field, errorOf(field)])).toEqual(expected);
    for (const [field] of expected) {
      const input = document.getElementById(`root_${field.replace(/\./g, '_')}`)!;
      expect(input.getAttribute('aria-invalid')).toBe('true');
    }
  });

  it('has rule cases for each form', () => {
    expect([...new Set(cases.map((c) => c.form))].sort()).toEqual(Object.keys(formLoaders).sort());
  });
});

describe('rules of product-spec §5', () => {
  it.each(cases.map((c) => [c.form, c.rule, c] as const))('%s: %s', async (_form, _rule, c) => {
    await send(forms[c.form], c.data);
    expect(errorOf(c.field)).toBe(c.shows);
  });
});
