jest.mock('braintree-web/client', () => ({ create: jest.fn() }));
jest.mock('braintree-web/hosted-fields', () => ({ create: jest.fn() }));

import { render, screen, waitFor, within } from '@testing-library/react';
import { aPerson } from '@tests/support/person';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'react-redux';
import cardForm from '@/generated/forms/booking-card';
import type { EndpointId, EndpointRoute, RequestInput } from '@/generated/client/api';
import type { FormDefinition } from '@/generated/types';
import { message } from '@/domain/messages';
import { ApiProvider } from '../api/api-context';
import { ApiError, catalogueText, parseErrorBody } from '../api/errors';
import { derivePermissions } from '@/domain/permissions';
import { createAppStore } from '../store';
import { authenticated } from '../store/auth/slice';
import { FakeHostedFields } from '@tests/support/fake-braintree';
import { billing, cardFormTitle, fillBilling, fillLocalCard } from '@tests/support/card-form';
import { CardForm } from './CardForm';
import type { BillingAnswers } from './billing-answers';

// The mocks the factories above made, as the component under test receives them.
const createClient = jest.requireMock<{ create: jest.Mock }>('braintree-web/client').create;
const createHostedFields = jest.requireMock<{ create: jest.Mock }>('braintree-web/hosted-fields').create;
const form = cardForm as FormDefinition;
const submitLabel = cardForm.submitLabel!;
const account = {
  firstName: billing.firstName,
  lastName: billing.lastName,
  address: { line1: billing.line1, city: billing.city, state: billing.state, zipcode: billing.zipcode, country: 'US' },
};

let hosted: FakeHostedFields | undefined;
beforeEach(() => {
  hosted = undefined;
  createClient.mockReset().mockResolvedValue({ kind: 'braintree client' });
  createHostedFields
    .mockReset()
    .mockImplementation(async (options: ConstructorParameters<typeof FakeHostedFields>[0]) => (hosted = new FakeHostedFields(options)));
});

function renderCardForm(gateway: () => unknown, initialData?: BillingAnswers) {
  const store = createAppStore();
  store.dispatch(
    authenticated({
      user: { id: '00000000-0000-4000-8000-000000000001', firstName: 'Jordan', lastName: 'Rivera', email: 'jordan.rivera@example.com', userType: 'patient' },
      permissions: derivePermissions(['patient']),
    }),
  );
  const calls: EndpointId[] = [];
  const transport = async (route: EndpointRoute, _input: RequestInput) => {
    calls.push(route.id);
    if (route.id === 'getPaymentGateway') return gateway();
    throw new Error(`the card form should not call ${route.id}`);
  };
  const onSubmit = jest.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Provider store={store}>
      <ApiProvider transport={transport}>
        <QueryClientProvider client={queryClient}>
          <CardForm form={form} idPrefix="card" initialData={initialData} onSubmit={onSubmit} />
        </QueryClientProvider>
      </ApiProvider>
    </Provider>,
  );
  return { calls, onSubmit };
}

const braintree = () => ({ gateway: 'braintree', clientToken: 'client-token-1' });

/** The hosted field's container, found the way a screen reader finds it: by its label. */
const cardField = (property: string) => screen.findByRole('group', { name: cardFormTitle(property) });

async function readyHostedFields(): Promise<FakeHostedFields> {
  await waitFor(() => expect(hosted).toBeDefined());
  await waitFor(() => expect(screen.queryByText(message('card.form.loading'))).toBeNull());
  return hosted!;
}

describe('CardForm with Braintree', () => {
  it('puts the card fields in labelled containers for Braintree hosted fields, created with the client token', async () => {
    renderCardForm(braintree, account);
    const number = await cardField('number');
    const expiration = await cardField('expiration');
    const cvv = await cardField('cvv');
    for (const property of ['number', 'expiration', 'cvv']) {
      // Only Braintree's iframes take card details: our page has no input for them.
      expect(screen.queryByRole('textbox', { name: cardFormTitle(property) })).toBeNull();
      expect(screen.getByText(cardFormTitle(property)).tagName).toBe('LABEL');
    }
    await readyHostedFields();
    expect(createClient).toHaveBeenCalledWith({ authorization: 'client-token-1' });
    const options = createHostedFields.mock.calls[0]![0] as { client: unknown; fields: Record<string, { container: HTMLElement; internalLabel: string }> };
    expect(options.client).toEqual({ kind: 'braintree client' });
    // DOM nodes by identity (a deep comparison would walk the whole document).
    expect(options.fields.number!.container).toBe(number);
    expect(options.fields.expirationDate!.container).toBe(expiration);
    expect(options.fields.cvv!.container).toBe(cvv);
    expect([options.fields.number!.internalLabel, options.fields.expirationDate!.internalLabel, options.fields.cvv!.internalLabel]).toEqual([
      cardFormTitle('number'),
      cardFormTitle('expiration'),
      cardFormTitle('cvv'),
    ]);
    expect(hosted!.attributes.number).toMatchObject({ 'aria-required': true });
    // The card holder and billing address stay our own fields.
    expect(screen.getByRole('textbox', { name: cardFormTitle('firstName') })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: cardFormTitle('address.zipcode') })).toBeTruthy();
  });

  it("shows the spec'd message of a field left not valid or empty, to screen readers inside the field too, and clears it once fixed", async () => {
    renderCardForm(braintree, account);
    const fields = await readyHostedFields();
    expect(screen.queryByText(message('card.number.invalid'))).toBeNull();

    fields.type('number', { isEmpty: false, isValid: false });
    // Typing alone says nothing yet: fields are checked when left (STYLE: on blur and submit).
    expect(screen.queryByText(message('card.number.invalid'))).toBeNull();
    fields.blur('number');
    const error = await screen.findByText(message('card.number.invalid'));
    const number = await cardField('number');
    expect(number.getAttribute('aria-describedby')).toBe(error.id);
    expect(error.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(fields.messages.number).toBe(message('card.number.invalid')));
    expect(fields.attributes.number).toMatchObject({ 'aria-invalid': true });

    fields.blur('cvv');
    expect(await screen.findByText(message('card.cvv.required'))).toBeTruthy();

    fields.type('number', { isEmpty: false, isValid: true });
    await waitFor(() => expect(screen.queryByText(message('card.number.invalid'))).toBeNull());
    expect(number.getAttribute('aria-describedby')).toBeNull();
    await waitFor(() => expect(fields.messages.number).toBe(''));
    expect(fields.attributes.number).not.toHaveProperty('aria-invalid');
  });

  it('submitting tokenizes the card in the hosted fields with the billing details and hands over only the nonce', async () => {
    const user = aPerson();
    const { calls, onSubmit } = renderCardForm(braintree, account);
    const fields = await readyHostedFields();
    fields.fillValidCard();
    await user.click(screen.getByRole('button', { name: submitLabel }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ nonce: 'fake-valid-nonce' });
    expect(fields.tokenize).toHaveBeenCalledWith({
      cardholderName: `${billing.firstName} ${billing.lastName}`,
      billingAddress: expect.objectContaining({
        firstName: billing.firstName,
        lastName: billing.lastName,
        streetAddress: billing.line1,
        locality: billing.city,
        region: billing.state,
        postalCode: billing.zipcode,
      }),
    });
    expect(calls).not.toContain('tokenizeCard');
  });

  it("submitting with the card fields left empty shows each field's message, goes to the first and tokenizes nothing", async () => {
    const user = aPerson();
    const { onSubmit } = renderCardForm(braintree, account);
    const fields = await readyHostedFields();
    await user.click(screen.getByRole('button', { name: submitLabel }));
    expect(await screen.findByText(message('card.number.required'))).toBeTruthy();
    expect(screen.getByText(message('card.expiration.required'))).toBeTruthy();
    expect(screen.getByText(message('card.cvv.required'))).toBeTruthy();
    await waitFor(() => expect(fields.focus).toHaveBeenCalledWith('number'));
    expect(fields.tokenize).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the card fields' messages with the billing fields' messages when both are missing", async () => {
    const user = aPerson();
    renderCardForm(braintree);
    const fields = await readyHostedFields();
    fields.type('expirationDate', { isEmpty: false, isValid: false });
    await user.click(screen.getByRole('button', { name: submitLabel }));
    expect(await screen.findByText(message('card.expiration.invalid'))).toBeTruthy();
    expect(screen.getByText(message('card.number.required'))).toBeTruthy();
    expect(screen.getByText(message('validation.firstName.required'))).toBeTruthy();
    expect(fields.tokenize).not.toHaveBeenCalled();
  });

  it('a card Braintree refuses to tokenize is reported with the catalogue text, and nothing is handed over', async () => {
    const user = aPerson();
    const { onSubmit } = renderCardForm(braintree, account);
    const fields = await readyHostedFields();
    fields.fillValidCard();
    fields.tokenize.mockRejectedValueOnce(Object.assign(new Error('refused'), { code: 'HOSTED_FIELDS_FAILED_TOKENIZATION' }));
    await user.click(screen.getByRole('button', { name: submitLabel }));
    expect((await screen.findByRole('alert')).textContent).toBe(catalogueText('CARD_INVALID', 'patient_web'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says the page could not load when the hosted fields cannot be created', async () => {
    createHostedFields.mockReset().mockRejectedValue(Object.assign(new Error('no frames'), { code: 'HOSTED_FIELDS_TIMEOUT' }));
    renderCardForm(braintree, account);
    expect((await screen.findByRole('alert')).textContent).toBe(catalogueText('PAGE_LOAD', 'patient_web'));
    expect(screen.queryByRole('button', { name: submitLabel })).toBeNull();
  });
});

describe('CardForm with the local test gateway', () => {
  it('is the spec form as it was: the card details go to the caller, and braintree-web is never loaded', async () => {
    const user = aPerson();
    const { onSubmit } = renderCardForm(() => ({ gateway: 'local' }), account);
    const numberInput = await screen.findByRole('textbox', { name: cardFormTitle('number') });
    const form = numberInput.closest('form')!;
    await fillLocalCard(user, form, { number: '4111111111111111', expiration: '12/30', cvv: '123' });
    // Shown grouped as printed on the card, handed over as its digits.
    expect((numberInput as HTMLInputElement).value).toBe('4111 1111 1111 1111');
    await user.click(within(form).getByRole('button', { name: submitLabel }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ number: '4111111111111111', expiration: '12/30', cvv: '123', zipcode: billing.zipcode });
    expect(screen.queryByRole('group', { name: cardFormTitle('number') })).toBeNull();
    expect(createClient).not.toHaveBeenCalled();
    expect(createHostedFields).not.toHaveBeenCalled();
  });

  it('lets a person fill the billing address by hand', async () => {
    const user = aPerson();
    const { onSubmit } = renderCardForm(() => ({ gateway: 'local' }));
    const form = (await screen.findByRole('textbox', { name: cardFormTitle('number') })).closest('form')!;
    await fillLocalCard(user, form, { number: '378282246310005', expiration: '01/31', cvv: '321' });
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: cardFormTitle('number') }).value).toBe('3782 822463 10005');
    await fillBilling(user, form);
    await user.click(within(form).getByRole('button', { name: submitLabel }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ number: '378282246310005', expiration: '01/31', cvv: '321', zipcode: billing.zipcode }, expect.anything()),
    );
  });
});

describe('CardForm when the gateway cannot be asked', () => {
  it('shows the page-load message instead of a card form', async () => {
    renderCardForm(() => {
      throw new ApiError('http', 'getPaymentGateway', 500, parseErrorBody({}));
    });
    expect((await screen.findByRole('alert')).textContent).toBe(catalogueText('PAGE_LOAD', 'patient_web'));
    expect(screen.queryByRole('textbox', { name: cardFormTitle('number') })).toBeNull();
  });
});
