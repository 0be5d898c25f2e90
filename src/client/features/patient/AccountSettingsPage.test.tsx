import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestInput } from '@/generated/client/api';
import { errorCatalogue } from '@/generated/errors';
import { routeById } from '@/generated/routes';
import { message, messageIn } from '@/domain/messages';
import { localeDefinition, setLocaleSource } from '@/domain/locale';
import { viewerTimeZone, zoneGeneralName, zoneLabel } from '@/domain/date-format';
import { selectUser } from '@/client/store/auth/slice';
import AccountSettingsPage from './AccountSettingsPage';
import { httpError, renderScreen, testUser } from './test-kit';

const details = {
  ...testUser,
  dateOfBirth: '1988-07-14',
  businessPartnerId: null,
  isPartnerAssociationActive: false,
  phoneNumber: '6145550142',
  address: { line1: '12 High St', city: 'Columbus', state: 'OH', zipcode: '43215' },
};

/** The account's payment (billing) address: the card holder's, apart from the home address. */
const billingDetails = {
  userId: testUser.id,
  firstName: 'Casey',
  lastName: 'Rivera',
  address: { line1: '400 Elm Ave', city: 'Dayton', state: 'OH', zipcode: '45402', country: 'US' },
};

const path = routeById.patientAccountSettings.path;

describe('AccountSettingsPage', () => {
  it('shows the payment address apart from the home address, and changes it alone', async () => {
    const updateUser = jest.fn();
    const updateUserBilling = jest.fn((input: RequestInput) => ({ ...billingDetails, ...(input.body as object) }));
    renderScreen(<AccountSettingsPage />, {
      path,
      answers: {
        getReminderPreferences: () => ({ email: true, sms: false, smsPhone: null, smsAvailable: true }),
        getUserDetails: () => details,
        getUserBilling: () => billingDetails,
        updateUser,
        updateUserBilling,
      },
    });
    const section = await screen.findByRole('region', { name: message('ui.patient.paymentAddress.heading') });
    await within(section).findByText(/400 Elm Ave, Dayton, OH 45402/);
    expect(within(section).getByText(/Casey Rivera/)).toBeTruthy();
    // The home address is the settings form's own ("Home address"), its fields filled from the account.
    expect((screen.getByLabelText(/Address line 1/) as HTMLInputElement).value).toBe('12 High St');

    await userEvent.click(within(section).getByRole('button', { name: message('ui.patient.paymentAddress.change') }));
    const line1 = within(section).getByLabelText(/Address line 1/) as HTMLInputElement;
    expect(line1.value).toBe('400 Elm Ave');
    await userEvent.clear(line1);
    await userEvent.type(line1, '9 Card Rd');
    await userEvent.click(within(section).getByRole('button', { name: message('ui.patient.paymentAddress.save') }));
    await within(section).findByText(message('ui.patient.paymentAddress.saved'));
    expect(updateUserBilling).toHaveBeenCalledWith(
      expect.objectContaining({
        query: { userId: testUser.id },
        body: expect.objectContaining({ firstName: 'Casey', address: expect.objectContaining({ line1: '9 Card Rd' }) }),
      }),
    );
    expect(await within(section).findByText(/9 Card Rd, Dayton, OH 45402/)).toBeTruthy();
    expect(updateUser).not.toHaveBeenCalled();
  });

  it('starts from the account, and refuses a zip code that is not 5 digits with the spec message', async () => {
    const updateUser = jest.fn();
    renderScreen(<AccountSettingsPage />, {
      path,
      answers: {
        getReminderPreferences: () => ({ email: true, sms: false, smsPhone: null, smsAvailable: true }),
        getUserDetails: () => details,
        getUserBilling: () => billingDetails,
        updateUser,
      },
    });
    const zip = await screen.findByLabelText(/Zip code/);
    expect((screen.getByLabelText(/Phone number/) as HTMLInputElement).value).toBe('(614) 555-0142');
    await userEvent.clear(zip);
    await userEvent.type(zip, '4321');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(message('validation.address.zipcode.invalid'))).toBeTruthy();
    expect(updateUser).not.toHaveBeenCalled();
  });

  it('saves names, phone (as digits) and address; a new e-mail waits for the code mailed to it, then the signed-in user follows it', async () => {
    const newEmail = 'jordan.new@example.com';
    const updateUser = jest.fn((input: RequestInput) => ({ ...details, ...(input.body as object), email: details.email, pendingEmail: newEmail }));
    const confirmEmailChange = jest.fn(() => ({ ...details, email: newEmail }));
    const { store } = renderScreen(<AccountSettingsPage />, {
      path,
      answers: {
        getReminderPreferences: () => ({ email: true, sms: false, smsPhone: null, smsAvailable: true }),
        getUserDetails: () => details,
        getUserBilling: () => billingDetails,
        updateUser,
        confirmEmailChange,
      },
    });
    const email = await screen.findByLabelText(/Email/);
    await userEvent.clear(email);
    await userEvent.type(email, newEmail);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(new RegExp(message('ui.patient.settings.saved')));
    expect(screen.getByText(message('ui.patient.settings.emailPending', { email: newEmail, current: details.email }), { exact: false })).toBeTruthy();
    expect(updateUser.mock.calls[0]![0]).toMatchObject({
      params: { id: testUser.id },
      body: { email: newEmail, phoneNumber: '6145550142', address: details.address },
    });
    // Still signed in with the old address until the code is confirmed.
    expect(selectUser(store.getState())?.email).toBe(details.email);

    await userEvent.type(await screen.findByLabelText(/Confirmation code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm new e-mail' }));
    await screen.findByText(message('ui.patient.settings.emailChanged', { email: newEmail }));
    expect(confirmEmailChange).toHaveBeenCalledWith(expect.objectContaining({ params: { id: testUser.id }, body: { code: '123456' } }));
    await waitFor(() => expect(selectUser(store.getState())?.email).toBe(newEmail));
  });

  it('shows the API refusing an e-mail another account uses on the e-mail field', async () => {
    const updateUser = () => {
      throw httpError('updateUser', 409, {
        description: errorCatalogue.EMAIL_IN_USE.message,
        errors: [{ field: 'email', reason: errorCatalogue.EMAIL_IN_USE.message, keyword: 'unique' }],
      });
    };
    renderScreen(<AccountSettingsPage />, {
      path,
      answers: {
        getReminderPreferences: () => ({ email: true, sms: false, smsPhone: null, smsAvailable: true }),
        getUserDetails: () => details,
        getUserBilling: () => billingDetails,
        updateUser,
      },
    });
    await screen.findByLabelText(/Email/);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const shown = await screen.findAllByText(errorCatalogue.EMAIL_IN_USE.message);
    expect(shown.length).toBe(2); // on the field, and in the announced notice
    expect(screen.getByLabelText(/Email/).getAttribute('aria-invalid')).toBe('true');
  });

  it('saves the language chosen to the account; on a page already in it, says so in that language', async () => {
    setLocaleSource(() => 'es');
    try {
      const updateUser = jest.fn((input: RequestInput) => ({ ...details, ...(input.body as object) }));
      renderScreen(<AccountSettingsPage />, {
        path,
        answers: {
          getReminderPreferences: () => ({ email: true, sms: false, smsPhone: null, smsAvailable: true }),
          getUserDetails: () => ({ ...details, language: 'en-US' }),
          updateUser,
        },
      });
      const languages = await screen.findByRole('region', { name: messageIn('es', 'ui.patient.language.heading') });
      const spanish = localeDefinition('es').name;
      expect((within(languages).getByRole('radio', { name: spanish }) as HTMLInputElement).checked).toBe(true);
      await userEvent.click(within(languages).getByRole('button', { name: messageIn('es', 'ui.patient.language.save') }));
      expect(await within(languages).findByText(messageIn('es', 'ui.patient.language.saved', { language: spanish }))).toBeTruthy();
      expect(updateUser).toHaveBeenCalledWith(expect.objectContaining({ params: { id: testUser.id }, body: { language: 'es' } }));
    } finally {
      setLocaleSource(() => undefined);
    }
  });

  it('asks once for the time zone, suggesting the device’s, and saves the one chosen', async () => {
    const updateUser = jest.fn((input: RequestInput) => ({ ...details, ...(input.body as object) }));
    renderScreen(<AccountSettingsPage />, {
      path,
      answers: {
        getReminderPreferences: () => ({ email: true, sms: false, smsPhone: null, smsAvailable: true }),
        getUserDetails: () => details,
        getUserBilling: () => billingDetails,
        updateUser,
      },
    });
    const zones = await screen.findByRole('region', { name: message('ui.timeZone.heading') });
    expect(within(zones).getByText(message('ui.timeZone.ask', { zone: zoneLabel(viewerTimeZone()) }))).toBeTruthy();
    await userEvent.selectOptions(within(zones).getByLabelText(message('ui.timeZone.label')), 'America/Denver');
    await userEvent.click(within(zones).getByRole('button', { name: message('ui.timeZone.save') }));
    expect(await within(zones).findByText(message('ui.timeZone.saved', { zone: zoneLabel('America/Denver') }))).toBeTruthy();
    expect(updateUser).toHaveBeenCalledWith(expect.objectContaining({ params: { id: testUser.id }, body: { timeZone: 'America/Denver' } }));
    // Known now: the question is not asked again.
    expect(within(zones).queryByText(message('ui.timeZone.ask', { zone: zoneLabel(viewerTimeZone()) }))).toBeNull();
  });

  it('suggests the zone of an address saved in another clock’s zone, and uses it when asked', async () => {
    // The server answers the zone the saved address lies in (El Paso, TX: Mountain, though Texas is mostly Central).
    const updateUser = jest.fn((input: RequestInput) => {
      const body = input.body as { address?: { zipcode: string }; timeZone?: string };
      const moved = body.address?.zipcode === '79901' ? { addressTimeZone: 'America/Denver' } : {};
      return { ...details, timeZone: 'America/New_York', addressTimeZone: 'America/New_York', ...moved, ...body };
    });
    renderScreen(<AccountSettingsPage />, {
      path,
      answers: {
        getReminderPreferences: () => ({ email: true, sms: false, smsPhone: null }),
        getUserDetails: () => ({ ...details, timeZone: 'America/New_York', addressTimeZone: 'America/New_York' }),
        updateUser,
      },
    });
    const zones = await screen.findByRole('region', { name: message('ui.timeZone.heading') });
    const suggestion = message('ui.timeZone.addressSuggest', { zone: zoneGeneralName('America/Denver') });
    expect(suggestion).toBe('Your address is in Mountain Time. Use Mountain Time for your times?');
    // Columbus, OH and the account are both in Eastern time: nothing to suggest until the address moves to El Paso.
    expect(within(zones).queryByText(/Your address is in/)).toBeNull();
    const zip = await screen.findByLabelText(/Zip code/);
    await userEvent.clear(zip);
    await userEvent.type(zip, '79901');
    await userEvent.selectOptions(screen.getByLabelText(/^State/), 'TX');
    await userEvent.clear(screen.getByLabelText(/^City/));
    await userEvent.type(screen.getByLabelText(/^City/), 'El Paso');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(zones).findByText(suggestion)).toBeTruthy();
    expect(updateUser.mock.calls[0]![0]).toMatchObject({ body: { address: { city: 'El Paso', state: 'TX', zipcode: '79901' } } });
    await userEvent.click(within(zones).getByRole('button', { name: message('ui.timeZone.useSuggested', { zone: zoneGeneralName('America/Denver') }) }));
    expect(await within(zones).findByText(message('ui.timeZone.saved', { zone: zoneLabel('America/Denver') }))).toBeTruthy();
    expect(updateUser).toHaveBeenLastCalledWith(expect.objectContaining({ params: { id: testUser.id }, body: { timeZone: 'America/Denver' } }));
    // The account reads Mountain time now: nothing left to suggest.
    expect(within(zones).queryByText(suggestion)).toBeNull();
  });

  it('says the address’s zone in Spanish on a Spanish page', async () => {
    setLocaleSource(() => 'es');
    try {
      renderScreen(<AccountSettingsPage />, {
        path,
        answers: {
          getReminderPreferences: () => ({ email: true, sms: false, smsPhone: null }),
          getUserDetails: () => ({ ...details, timeZone: 'America/Chicago', addressTimeZone: 'America/Denver' }),
          updateUser: jest.fn(),
        },
      });
      const zones = await screen.findByRole('region', { name: messageIn('es', 'ui.timeZone.heading') });
      const zone = zoneGeneralName('America/Denver', 'es');
      expect(zone).not.toMatch(/Mountain/);
      expect(within(zones).getByText(messageIn('es', 'ui.timeZone.addressSuggest', { zone }))).toBeTruthy();
      expect(within(zones).getByRole('button', { name: messageIn('es', 'ui.timeZone.useSuggested', { zone }) })).toBeTruthy();
    } finally {
      setLocaleSource(() => undefined);
    }
  });

  it('names the zones in Spanish on a Spanish page, with the account’s zone chosen', async () => {
    setLocaleSource(() => 'es');
    try {
      renderScreen(<AccountSettingsPage />, {
        path,
        answers: {
          getReminderPreferences: () => ({ email: true, sms: false, smsPhone: null, smsAvailable: true }),
          getUserDetails: () => ({ ...details, timeZone: 'America/Los_Angeles' }),
          updateUser: jest.fn(),
        },
      });
      const zones = await screen.findByRole('region', { name: messageIn('es', 'ui.timeZone.heading') });
      const select = within(zones).getByLabelText(messageIn('es', 'ui.timeZone.label')) as HTMLSelectElement;
      expect(select.value).toBe('America/Los_Angeles');
      const names = Array.from(select.options).map((o) => o.textContent ?? '');
      expect(names.join(' | ')).not.toMatch(/Standard Time|Daylight Time/);
      expect(names).toContain(zoneLabel('America/Los_Angeles', new Date(), 'es'));
      expect(within(zones).queryByText(messageIn('es', 'ui.timeZone.ask', { zone: zoneLabel(viewerTimeZone(), new Date(), 'es') }))).toBeNull();
    } finally {
      setLocaleSource(() => undefined);
    }
  });
});
