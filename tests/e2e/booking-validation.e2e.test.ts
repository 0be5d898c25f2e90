/**
 * Every validation message of product-spec §5 that the booking path's forms use, shown by the real
 * screens in Chromium when its rule is broken, and tied to its field (aria-invalid, aria-describedby).
 *
 * Which messages: the form specs of the booking path (the forms of the booking flow spec, and every
 * form the booking screens render), each field's x-messages for the rules it has (a rule the field does
 * not have, e.g. "required" on an optional field, is not one of its messages), plus the form's own
 * overrides, plus the rules the screens check themselves (who attends, consents, the payment choice).
 * The last test compares that set with the messages seen: a new field or rule with a new message in a
 * booking form fails here until it is covered.
 *
 * Nothing is booked: the payment step is left with its consent unchecked and the authorization unsaved.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { messages, type MessageKey } from '@/generated/messages';
import { constants } from '@/generated/constants';
import { endpointRoutes } from '@/generated/client/api';
import { formLoaders, type FormId } from '@/generated/forms';
import type { FormDefinition } from '@/generated/types';
import bookingFlow from '@/generated/flows/booking';
import serviceSelection from '@/generated/forms/service-selection';
import signInEmail from '@/generated/forms/sign-in-email';
import newAccount from '@/generated/forms/booking-new-account';
import oneTimeCode from '@/generated/forms/one-time-code';
import patientInformation from '@/generated/forms/booking-patient-information';
import responsibleParty from '@/generated/forms/responsible-party';
import authorization from '@/generated/forms/authorization';
import bookingCard from '@/generated/forms/booking-card';
import { fillPlaceholders, type PlaceholderValues } from '@/domain/messages';
import { addDaysIso, addYears, formatUsDate, todayIso } from '@/domain/dates';
import { guardianConsentText } from '@/domain/consents';
import type { SchemaNode } from '@/domain/validation/schema-path';
import { baseUrl, eventually, useBrowser } from './harness';
import { bookableSlot, bookingUrl, withFailureShot } from './booking-helpers';
import { openSession, signUpWithCode } from './portal-session';
import { mailMoment, oneTimeCodeFor } from './mailbox';

/** A provider no other browser test books with (they use skip 0 to 5). */
const SLOT_SKIP = 6;

/** Messages the booking screens check themselves, outside the form specs. */
const SCREEN_RULES: readonly MessageKey[] = ['ui.booking.patients.noneChosen', 'ui.booking.consent.required', 'ui.booking.pay.consentRequired'];

/**
 * Messages of the booking forms whose rule the screens cannot let anyone break, and why. Each must
 * still be a message of the booking forms (checked below), so a stale entry fails too.
 */
const NOT_BREAKABLE_IN_SCREENS: Readonly<Partial<Record<MessageKey, string>>> = {
  'validation.insurance.mismatch':
    "the payment step offers only the primary patient's own insurances (useActiveInsurance(primary)); the mismatch is an API answer (keyword patientMismatch) for calls made without the screens",
};

const payCopy = bookingFlow.steps.find((s) => s.id === 'pay')!.copy as Record<string, string>;
const patientCopy = bookingFlow.steps.find((s) => s.id === 'patient-information')!.copy as Record<string, string>;

const today = todayIso();
const tomorrow = addDaysIso(today, 1);
const oldestBirthDate = addYears(today, -constants.maxAgeYears);
const tooOld = addDaysIso(oldestBirthDate, -1);
const minorBirthDate = addYears(today, -(constants.adultAge - 2));
const adultBirthDate = addYears(today, -40);
const childBirthDate = addYears(today, -10);
/** Chrome's date field takes years of up to six digits; ISO dates (and so the forms) take four. */
const notACalendarDate = '20000-01-01';

// ---------------------------------------------------------------------------------------------
// The messages the booking forms use, read from their specs.

function bookingFormIds(): FormId[] {
  const ids = new Set<string>();
  for (const step of bookingFlow.steps as readonly { form?: string; forms?: readonly string[] }[]) {
    if (step.form) ids.add(step.form);
    for (const f of step.forms ?? []) ids.add(f);
  }
  // The forms the booking screens render (a form is imported from src/generated/forms by its id).
  const screens = join(__dirname, '..', '..', 'src', 'client', 'features', 'booking');
  for (const file of readdirSync(screens).filter((f) => f.endsWith('.tsx'))) {
    for (const match of readFileSync(join(screens, file), 'utf8').matchAll(/generated\/forms\/([a-z0-9-]+)'/g)) ids.add(match[1]!);
  }
  for (const id of ids) if (!(id in formLoaders)) throw new Error(`The booking path names form ${id}, which specs/forms does not have.`);
  return [...ids].sort() as FormId[];
}

/** key -> "form: field" places that use it; only the rules a field has (required only when it is required). */
function messageKeysOf(form: FormDefinition): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (key: string, field: string) => out.set(key, [...new Set([...(out.get(key) ?? []), `${form.id}: ${field}`])]);
  const walk = (node: SchemaNode, path: string) => {
    const conditional = ['then', 'else'].flatMap((branch) => ((node[branch] as SchemaNode | undefined)?.required as string[] | undefined) ?? []);
    const required = new Set([...((node.required as string[] | undefined) ?? []), ...conditional]);
    for (const [name, prop] of Object.entries((node.properties ?? {}) as Record<string, SchemaNode>)) {
      const field = path ? `${path}.${name}` : name;
      const own = (prop['x-messages'] ?? {}) as Record<string, string>;
      for (const [keyword, key] of Object.entries(own)) if (keyword === 'required' ? required.has(name) : keyword in prop) add(key, field);
      // The form's own words for a field (also for keywords the API answers with).
      for (const [keyword, key] of Object.entries(form.messages[field] ?? {})) if (keyword !== 'required' || required.has(name)) add(key, field);
      if (prop.properties) walk(prop, field);
    }
  };
  walk(form.schema as SchemaNode, '');
  return out;
}

/** What the test saw: message key -> where. Filled by the tests below, compared by the last one. */
const seen = new Map<string, string>();

// ---------------------------------------------------------------------------------------------
// Driving a form: break rules, then find each message on its field.

type Scope = Page | Locator;

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function schemaAt(form: FormDefinition, path: string): SchemaNode {
  let node = form.schema as SchemaNode;
  for (const part of path.split('.')) {
    const next = (node.properties as Record<string, SchemaNode> | undefined)?.[part];
    if (!next) throw new Error(`Form ${form.id} has no field ${path}`);
    node = next;
  }
  return node;
}

/** A field found the way a person finds it: by its label, the title the spec gives it. */
function field(scope: Scope, form: FormDefinition, path: string): Locator {
  const title = schemaAt(form, path).title;
  if (typeof title !== 'string') throw new Error(`Field ${path} of form ${form.id} has no title`);
  return scope.getByLabel(new RegExp(`^${escaped(title)}`));
}

/** The text of what describes the element, when it is marked invalid (or always, for a group). */
async function describedMessage(element: Locator, mustBeInvalid: boolean): Promise<string | null> {
  return element.evaluate((el, invalid) => {
    if (invalid && el.getAttribute('aria-invalid') !== 'true') return null;
    const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const text = ids
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .filter(Boolean)
      .join(' ');
    return text || null;
  }, mustBeInvalid);
}

/** Waits until the element is described by exactly this message; records the key as seen. */
async function expectTied(element: Locator, key: MessageKey, where: string, options: { params?: PlaceholderValues; invalid?: boolean } = {}): Promise<void> {
  const expected = fillPlaceholders(messages[key], options.params);
  let last: string | null = null;
  await eventually(
    async () => {
      last = await describedMessage(element, options.invalid ?? true);
      return last === expected ? true : undefined;
    },
    () => `${where}: expected "${expected}" (${key}) on the field, found ${last === null ? 'no message tied to it' : `"${last}"`}`,
  );
  if (!seen.has(key)) seen.set(key, where);
}

interface Broken {
  /** dotted field path in the form spec */
  path: string;
  value: string;
  key: MessageKey;
  params?: PlaceholderValues;
}

async function setValue(element: Locator, value: string): Promise<void> {
  if ((await element.evaluate((el) => el.tagName)) === 'SELECT') await element.selectOption(value);
  else await element.fill(value);
}

/**
 * Puts the broken values in, then lets the form check them: by its submit button, or by leaving each
 * field (the forms validate on blur). Each message must then describe its own field.
 */
async function breakRules(scope: Scope, form: FormDefinition, broken: readonly Broken[], check: { submit: Locator } | 'blur'): Promise<void> {
  for (const b of broken) {
    const element = field(scope, form, b.path);
    await setValue(element, b.value);
    if (check === 'blur') {
      await element.focus();
      await element.blur();
    }
  }
  if (check !== 'blur') await check.submit.click();
  for (const b of broken) await expectTied(field(scope, form, b.path), b.key, `${form.id}: ${b.path}`, b.params ? { params: b.params } : {});
}

async function fillFields(scope: Scope, form: FormDefinition, values: Record<string, string>): Promise<void> {
  for (const [path, value] of Object.entries(values)) await setValue(field(scope, form, path), value);
}

async function api<T>(path: string, init?: { method: string; body: unknown }): Promise<T> {
  const res = await fetch(
    `${baseUrl()}/api${path}`,
    init ? { method: init.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) } : undefined,
  );
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A partner whose members book with their insurance or a card, and need an authorization from their referral. */
async function partnerAskingForAuthorization(): Promise<string> {
  for (const { partnershipCode } of constants.partnerPhoneLines) {
    const { partner } = await api<{ partner: { authorizationRequired?: boolean; hidePaymentInput?: boolean; hideInsuranceInput?: boolean } }>(
      endpointRoutes.getBusinessPartnerByCode.path.replace('{code}', encodeURIComponent(partnershipCode)),
    );
    if (partner.authorizationRequired && !partner.hidePaymentInput && !partner.hideInsuranceInput) return partnershipCode;
  }
  throw new Error('No partner of the demo data asks for an authorization');
}

// ---------------------------------------------------------------------------------------------

describe('the booking path shows every validation message of its forms', () => {
  const session = useBrowser();

  it('choosing the session, the e-mail, a new account and the one-time code', async () => {
    const { page } = session();
    const slot = await bookableSlot({ skip: SLOT_SKIP });
    await withFailureShot(page, 'validation-verify', async () => {
      await page.goto(bookingUrl(slot));
      await page.getByRole('heading', { level: 1, name: messages['ui.booking.heading'] }).waitFor();

      // Neither the service nor the mode chosen (the mode comes preselected from the time: unselect it).
      await breakRules(
        page,
        serviceSelection,
        [
          { path: 'counselingType', value: '', key: 'validation.service.required' },
          { path: 'appointmentMode', value: '', key: 'validation.appointmentMode.required' },
        ],
        { submit: page.getByRole('button', { name: messages['ui.booking.next'] }) },
      );
      await fillFields(page, serviceSelection, { counselingType: slot.counselingType, appointmentMode: slot.availabilityType });
      await page.getByRole('button', { name: messages['ui.booking.next'] }).click();

      // Who is booking: the e-mail address.
      await page.waitForURL(/\/app\/bookings\/verify-user\?/);
      const sendCode = page.getByRole('button', { name: messages['ui.booking.verify.sendCode'] });
      await breakRules(page, signInEmail, [{ path: 'email', value: '', key: 'validation.email.required' }], { submit: sendCode });
      await breakRules(page, signInEmail, [{ path: 'email', value: 'jordan@', key: 'validation.email.invalid' }], 'blur');
      const email = `validation.${Date.now()}@example.com`;
      const since = mailMoment();
      await field(page, signInEmail, 'email').fill(email);
      await field(page, signInEmail, 'email').press('Enter');

      // The one-time code mailed to confirm the address (verify first): missing, then too short, then the right one.
      const confirm = page.getByRole('button', { name: messages['ui.booking.verify.confirm'] });
      await confirm.waitFor();
      await breakRules(page, oneTimeCode, [{ path: 'otp', value: '', key: 'validation.otp.required' }], { submit: confirm });
      await breakRules(page, oneTimeCode, [{ path: 'otp', value: '123', key: 'validation.otp.length' }], 'blur');
      await field(page, oneTimeCode, 'otp').fill(await oneTimeCodeFor(email, since));
      await confirm.click();

      // A new visitor's account, created once the address is confirmed: names, and an adult's date of birth.
      await page.getByRole('heading', { name: messages['ui.booking.verify.newAccountHeading'] }).waitFor();
      await breakRules(
        page,
        newAccount,
        [
          { path: 'firstName', value: '', key: 'validation.firstName.required' },
          { path: 'lastName', value: '   ', key: 'validation.lastName.required' },
          { path: 'dateOfBirth', value: '', key: 'validation.dateOfBirth.required' },
        ],
        { submit: page.getByRole('button', { name: newAccount.submitLabel! }) },
      );
      await breakRules(
        page,
        newAccount,
        [
          { path: 'firstName', value: '1Jamie', key: 'validation.firstName.invalid' },
          { path: 'lastName', value: '-Parker', key: 'validation.lastName.invalid' },
          { path: 'dateOfBirth', value: tomorrow, key: 'validation.date.notInPast' },
        ],
        'blur',
      );
      const general = schemaAt(newAccount, 'firstName').maxLength as number;
      await breakRules(
        page,
        newAccount,
        [
          { path: 'firstName', value: 'J'.repeat(general + 1), key: 'validation.firstName.maxLength' },
          { path: 'lastName', value: 'P'.repeat(general + 1), key: 'validation.lastName.maxLength' },
          { path: 'dateOfBirth', value: notACalendarDate, key: 'validation.date.invalid' },
        ],
        'blur',
      );
      await breakRules(
        page,
        newAccount,
        [{ path: 'dateOfBirth', value: tooOld, key: 'validation.dateOfBirth.tooOld', params: { date: formatUsDate(oldestBirthDate) } }],
        'blur',
      );
      await breakRules(page, newAccount, [{ path: 'dateOfBirth', value: minorBirthDate, key: 'validation.dateOfBirth.minor' }], 'blur');
      await fillFields(page, newAccount, { firstName: 'Jamie', lastName: 'Parker', dateOfBirth: adultBirthDate });
      await field(page, newAccount, 'lastName').press('Enter');
      await page.getByText(messages['ui.booking.verified']).waitFor();
    });
  });

  it('who attends, the responsible party, consent, the payment choice, the authorization and the card', async () => {
    const { page, context } = session();
    const slot = await bookableSlot({ skip: SLOT_SKIP });
    const partnershipCode = await partnerAskingForAuthorization();
    const email = `validation.pay.${Date.now()}@example.com`;
    await openSession(context, await signUpWithCode(email, { firstName: 'Jamie', lastName: 'Parker', dateOfBirth: adultBirthDate, partnershipCode }));
    const child = { firstName: 'Lily', lastName: 'Parker' };

    await withFailureShot(page, 'validation-pay', async () => {
      await page.goto(bookingUrl(slot, { partnershipCode }));
      await fillFields(page, serviceSelection, { counselingType: slot.counselingType, appointmentMode: slot.availabilityType });
      await page.getByRole('button', { name: messages['ui.booking.next'] }).click();
      await page.waitForURL(/\/app\/bookings\/user\/patient-info/);

      // Nobody chosen.
      const attendees = page.getByRole('group', { name: messages['ui.booking.patients.choose'] });
      const addRegion = page.getByRole('region', { name: patientCopy.addPatient });
      const addButton = page.getByRole('button', { name: patientCopy.addPatient });
      await addButton.or(addRegion).first().waitFor();
      await page.getByRole('button', { name: messages['ui.booking.next'] }).click();
      await expectTied(attendees, 'ui.booking.patients.noneChosen', 'patient-information: who attends', { invalid: false });

      // Adding someone: every rule of the patient form.
      if (await addButton.isVisible()) await addButton.click();
      const addPatient = page.getByRole('button', { name: messages['ui.booking.patients.add'] });
      await breakRules(
        addRegion,
        patientInformation,
        [
          { path: 'relationship', value: '', key: 'validation.relationship.required' },
          { path: 'firstName', value: '', key: 'validation.firstName.requiredAlt' },
          { path: 'lastName', value: '   ', key: 'validation.lastName.requiredAlt' },
          { path: 'dateOfBirth', value: '', key: 'validation.dateOfBirth.required' },
          { path: 'gender', value: '', key: 'validation.gender.required' },
          { path: 'phoneNumber', value: '555', key: 'validation.phone.invalid' },
          { path: 'email', value: 'lily@', key: 'validation.email.invalid' },
        ],
        { submit: addPatient },
      );
      await breakRules(addRegion, patientInformation, [{ path: 'dateOfBirth', value: tomorrow, key: 'validation.date.notInPast' }], 'blur');
      await breakRules(
        addRegion,
        patientInformation,
        [{ path: 'dateOfBirth', value: tooOld, key: 'validation.dateOfBirth.tooOld', params: { date: formatUsDate(oldestBirthDate) } }],
        'blur',
      );
      await breakRules(addRegion, patientInformation, [{ path: 'dateOfBirth', value: notACalendarDate, key: 'validation.date.invalid' }], 'blur');
      await fillFields(addRegion, patientInformation, {
        relationship: 'Child',
        ...child,
        dateOfBirth: childBirthDate,
        gender: 'Female',
        phoneNumber: '',
        email: '',
      });
      await addPatient.click();

      // A minor attends: the responsible party, who must be an adult.
      const rp = page.getByRole('region', { name: messages['ui.booking.responsibleParty.heading'] });
      const rpSubmit = rp.getByRole('button', { name: messages['ui.booking.next'] });
      await rpSubmit.waitFor();
      await breakRules(
        rp,
        responsibleParty,
        [
          { path: 'firstName', value: '', key: 'validation.firstName.requiredAlt' },
          { path: 'lastName', value: '   ', key: 'validation.lastName.requiredAlt' },
          { path: 'dob', value: '', key: 'validation.dateOfBirth.required' },
          { path: 'phoneNumber', value: '', key: 'validation.phone.required' },
          { path: 'email', value: '', key: 'validation.email.required' },
          { path: 'address.line1', value: '', key: 'validation.address.line1.required' },
          { path: 'address.city', value: '   ', key: 'validation.address.city.required' },
          { path: 'address.state', value: '', key: 'validation.address.state.invalid' },
          { path: 'address.zipcode', value: '', key: 'validation.address.zipcode.invalid' },
        ],
        { submit: rpSubmit },
      );
      await breakRules(
        rp,
        responsibleParty,
        [
          { path: 'dob', value: minorBirthDate, key: 'validation.dateOfBirth.minor' },
          { path: 'phoneNumber', value: '555', key: 'validation.phone.invalid' },
          { path: 'email', value: 'jamie@', key: 'validation.email.invalid' },
          { path: 'address.zipcode', value: '4321', key: 'validation.address.zipcode.invalid' },
        ],
        'blur',
      );
      await breakRules(rp, responsibleParty, [{ path: 'dob', value: tomorrow, key: 'validation.date.notInPast' }], 'blur');
      await fillFields(rp, responsibleParty, {
        firstName: 'Jamie',
        lastName: 'Parker',
        dob: adultBirthDate,
        phoneNumber: '6145550123',
        email,
        'address.line1': '12 High St',
        'address.city': 'Columbus',
        'address.state': 'OH',
        'address.zipcode': '43215',
      });

      // The minor's consent, signed by the parent or guardian, is not signed yet.
      await field(rp, responsibleParty, 'address.zipcode').press('Enter');
      const consent = page.getByRole('checkbox', { name: guardianConsentText(child) });
      await expectTied(consent, 'ui.booking.consent.required', 'patient-information: consent', { params: { patient: `${child.firstName} ${child.lastName}` } });
      await consent.check();
      await field(rp, responsibleParty, 'address.zipcode').press('Enter');

      // Payment: neither an insurance nor self-pay chosen, and the consent to book not given.
      await page.waitForURL(/\/app\/bookings\/user\/payment/);
      const payChoice = page.getByRole('group', { name: messages['ui.booking.pay.insuranceHeading'] });
      const agree = page.getByRole('checkbox', { name: payCopy.consent });
      await page.getByRole('button', { name: payCopy.submit }).click();
      await expectTied(payChoice, 'validation.insurance.required', 'pay: insurance or self-pay', { invalid: false });
      await expectTied(agree, 'ui.booking.pay.consentRequired', 'pay: consent to book');

      // The partner's authorization from the referral.
      const auth = page.getByRole('region', { name: messages['ui.booking.pay.authorizationHeading'] });
      await breakRules(
        auth,
        authorization,
        [
          { path: 'personalInformation.gender', value: '', key: 'validation.gender.required' },
          { path: 'personalInformation.memberId', value: '', key: 'validation.authorization.memberId.required' },
          { path: 'referralInformation.referringProviderEhrId', value: '', key: 'validation.authorization.referringProvider.required' },
          { path: 'referralInformation.referralReason', value: '', key: 'validation.authorization.referralReason.required' },
          { path: 'referralInformation.effectiveDate', value: '', key: 'validation.authorization.effectiveDate.required' },
          { path: 'referralInformation.expirationDate', value: '', key: 'validation.authorization.expirationDate.required' },
          { path: 'referralInformation.insuranceCarrier', value: '', key: 'validation.authorization.insuranceCarrier.required' },
          { path: 'authorizationInformation.authorizationNumber', value: '', key: 'validation.authorization.number.required' },
          { path: 'authorizationInformation.authorizationDescription', value: '', key: 'validation.authorization.description.required' },
        ],
        { submit: auth.getByRole('button', { name: authorization.submitLabel! }) },
      );
      const descriptionMax = schemaAt(authorization, 'authorizationInformation.authorizationDescription').maxLength as number;
      await breakRules(
        auth,
        authorization,
        [
          { path: 'personalInformation.memberId', value: '12', key: 'validation.authorization.memberId.invalid' },
          { path: 'referralInformation.referralReason', value: '   ', key: 'validation.authorization.referralReason.required' },
          { path: 'referralInformation.effectiveDate', value: notACalendarDate, key: 'validation.date.invalid' },
          {
            path: 'referralInformation.expirationDate',
            value: addDaysIso(today, -2),
            key: 'validation.authorization.expirationDate.notBeforeYesterday',
            params: { yesterday: formatUsDate(addDaysIso(today, -1)) },
          },
          { path: 'authorizationInformation.authorizationNumber', value: '  ', key: 'validation.authorization.number.required' },
          {
            path: 'authorizationInformation.authorizationDescription',
            value: 'd'.repeat(descriptionMax + 1),
            key: 'validation.authorization.description.maxLength',
          },
        ],
        'blur',
      );
      await fillFields(auth, authorization, { 'referralInformation.effectiveDate': addDaysIso(today, 10) });
      await breakRules(
        auth,
        authorization,
        [{ path: 'referralInformation.expirationDate', value: addDaysIso(today, 5), key: 'validation.authorization.expirationDate.beforeEffective' }],
        'blur',
      );

      // Self-pay: the card and its billing address.
      await page.getByRole('radio', { name: new RegExp(escaped(constants.selfPayLabel.full)) }).check();
      const card = page.getByRole('region', { name: messages['ui.booking.pay.cardHeading'] });
      await field(card, bookingCard, 'number').waitFor();
      await breakRules(
        card,
        bookingCard,
        [
          { path: 'number', value: '', key: 'card.number.required' },
          { path: 'expiration', value: '', key: 'card.expiration.required' },
          { path: 'cvv', value: '', key: 'card.cvv.required' },
          { path: 'firstName', value: '', key: 'validation.firstName.required' },
          { path: 'lastName', value: '   ', key: 'validation.lastName.required' },
          { path: 'address.line1', value: '   ', key: 'validation.address.line1.required' },
          { path: 'address.city', value: '', key: 'validation.address.city.required' },
          { path: 'address.state', value: '', key: 'validation.address.state.invalid' },
          { path: 'address.zipcode', value: '', key: 'validation.address.zipcode.invalid' },
        ],
        { submit: card.getByRole('button', { name: payCopy.submit }) },
      );
      const cardName = schemaAt(bookingCard, 'firstName').maxLength as number;
      await breakRules(
        card,
        bookingCard,
        [
          { path: 'number', value: '4111', key: 'card.number.invalid' },
          { path: 'expiration', value: '13/30', key: 'card.expiration.invalid' },
          { path: 'cvv', value: '12', key: 'card.cvv.invalid' },
          { path: 'firstName', value: '1Jamie', key: 'validation.firstName.invalid' },
          { path: 'lastName', value: '.Parker', key: 'validation.lastName.invalid' },
          { path: 'address.zipcode', value: '432', key: 'validation.address.zipcode.invalid' },
        ],
        'blur',
      );
      await breakRules(
        card,
        bookingCard,
        [
          { path: 'firstName', value: 'J'.repeat(cardName + 1), key: 'validation.firstName.maxLength' },
          { path: 'lastName', value: 'P'.repeat(cardName + 1), key: 'validation.lastName.maxLength' },
        ],
        'blur',
      );
      // Still on the payment step: nothing was booked.
      expect(page.url()).toMatch(/\/app\/bookings\/user\/payment/);
    });
  });

  it('saw every message the booking forms use, and no other', async () => {
    const used = new Map<string, string[]>();
    for (const id of bookingFormIds()) {
      for (const [key, places] of messageKeysOf(await formLoaders[id]())) used.set(key, [...(used.get(key) ?? []), ...places]);
    }
    for (const key of Object.keys(NOT_BREAKABLE_IN_SCREENS)) expect({ key, usedByBookingForms: used.has(key) }).toEqual({ key, usedByBookingForms: true });
    const expected = [...used.keys(), ...SCREEN_RULES].filter((k) => !(k in NOT_BREAKABLE_IN_SCREENS));
    const missing = [...new Set(expected)].filter((k) => !seen.has(k)).map((k) => `${k} (${(used.get(k) ?? ['screen rule']).join(', ')})`);
    const unexpected = [...seen.keys()].filter((k) => !expected.includes(k));
    expect({ missing, unexpected }).toEqual({ missing: [], unexpected: [] });
  });
});
