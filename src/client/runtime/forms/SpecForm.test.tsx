import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import form from '@/generated/forms/sign-in-email';
import newAccount from '@/generated/forms/booking-new-account';
import billingAddress from '@/generated/forms/billing-address';
import oneTimeCode from '@/generated/forms/one-time-code';
import { message, messageIn } from '@/domain/messages';
import { setLocaleSource } from '@/domain/locale';
import { translations } from '@/generated/translations';
import { SpecForm } from './SpecForm';

describe('SpecForm', () => {
  it('renders the spec fields with their labels', () => {
    render(<SpecForm form={form} onSubmit={() => undefined} />);
    expect(screen.getByLabelText(/Email/)).toBeTruthy();
    expect(screen.getByRole('button', { name: form.submitLabel })).toBeTruthy();
  });

  it('draws its button with the weight the page gives it: primary unless the page says otherwise, red for what cannot be undone', () => {
    const button = (props: Partial<Parameters<typeof SpecForm>[0]>) => {
      const { unmount } = render(<SpecForm form={form} onSubmit={() => undefined} {...props} />);
      const classes = screen.getByRole('button', { name: form.submitLabel }).className;
      unmount();
      return classes;
    };
    expect(button({})).toBe('btn btn--primary');
    expect(button({ submitVariant: 'ghost' })).toBe('btn btn--ghost');
    expect(button({ destructive: true })).toBe('btn btn--primary btn--danger');
  });

  it('shows the spec message for an empty required field on submit, tied to the input', async () => {
    const onSubmit = jest.fn();
    render(<SpecForm form={form} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: form.submitLabel }));
    const error = await screen.findByText(message('validation.email.required'));
    const input = screen.getByLabelText(/Email/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(error.id);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('validates a field when it loses focus', async () => {
    render(<SpecForm form={form} onSubmit={() => undefined} />);
    await userEvent.type(screen.getByLabelText(/Email/), 'jordan@');
    await userEvent.tab();
    expect(await screen.findByText(message('validation.email.invalid'))).toBeTruthy();
  });

  it('clears an error as soon as the value becomes valid, before the field loses focus', async () => {
    render(<SpecForm form={billingAddress} onSubmit={() => undefined} />);
    const zip = screen.getByLabelText(/Zip code/);
    await userEvent.type(zip, '787');
    await userEvent.tab();
    expect(await screen.findByText(message('validation.address.zipcode.invalid'))).toBeTruthy();
    await userEvent.click(zip);
    await userEvent.type(zip, '0');
    // Still not a zip code: the message stays.
    expect(screen.getByText(message('validation.address.zipcode.invalid'))).toBeTruthy();
    await userEvent.type(zip, '1');
    await waitFor(() => expect(screen.queryByText(message('validation.address.zipcode.invalid'))).toBeNull());
    expect(document.activeElement).toBe(zip);
    expect(zip.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('keeps one error line under every field, before any error, with one, and once it clears (even gaps, nothing moves)', async () => {
    const { container } = render(<SpecForm form={billingAddress} onSubmit={() => undefined} />);
    /** Per visible field: its label and the error lines under it. */
    const lines = () =>
      [...container.querySelectorAll<HTMLElement>('.field')]
        .filter((f) => !f.closest('[hidden]'))
        .map((f) => ({ label: f.querySelector('label')?.textContent, lines: [...f.children].filter((c) => c.matches('.field__error, .field__line')).length }));
    const everyFieldOneLine = () => expect(lines().filter((f) => f.lines !== 1)).toEqual([]);
    everyFieldOneLine();
    const zip = screen.getByLabelText(/Zip code/);
    await userEvent.type(zip, '787');
    await userEvent.tab();
    expect(await screen.findByText(message('validation.address.zipcode.invalid'))).toBeTruthy();
    everyFieldOneLine();
    await userEvent.type(zip, '05');
    await waitFor(() => expect(screen.queryByText(message('validation.address.zipcode.invalid'))).toBeNull());
    everyFieldOneLine();
  });

  it('does not call a field wrong while it is first typed', async () => {
    render(<SpecForm form={billingAddress} onSubmit={() => undefined} />);
    await userEvent.type(screen.getByLabelText(/Zip code/), '78');
    expect(screen.queryByText(message('validation.address.zipcode.invalid'))).toBeNull();
  });

  it('submits valid data', async () => {
    const onSubmit = jest.fn();
    render(<SpecForm form={form} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/Email/), 'jordan.rivera@example.com');
    await userEvent.click(screen.getByRole('button', { name: form.submitLabel }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'jordan.rivera@example.com' }));
  });

  it('keeps free text longer than its maximum and says so, rather than cutting it short', async () => {
    render(<SpecForm form={newAccount} onSubmit={() => undefined} />);
    const name = screen.getByLabelText(/First name/) as HTMLInputElement;
    const limit = (newAccount.schema.properties as Record<string, { maxLength: number }>).firstName!.maxLength;
    await userEvent.click(name);
    await userEvent.paste('J'.repeat(limit + 1));
    await userEvent.tab();
    expect(name.value).toHaveLength(limit + 1);
    const error = await screen.findByText(message('validation.firstName.maxLength'));
    expect(name.getAttribute('aria-describedby')).toContain(error.id);
  });

  it('caps codes of a fixed length as they are typed', () => {
    render(<SpecForm form={billingAddress} onSubmit={() => undefined} />);
    const zip = screen.getByLabelText(/Zip code/) as HTMLInputElement;
    const address = (billingAddress.schema.properties as Record<string, { properties: Record<string, { maxLength: number }> }>).address!;
    expect(zip.maxLength).toBe(address.properties.zipcode!.maxLength);
  });

  it('takes a one-time code pasted as it was copied, and offers it for autofill (WCAG 2.2 3.3.8)', async () => {
    render(<SpecForm form={oneTimeCode} initialData={{ email: 'a@example.com' }} onSubmit={() => undefined} />);
    const field = screen.getByLabelText(/One-time code/) as HTMLInputElement;
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    const copied = 'Code: 123 456';
    // Long enough for what a person copies (a browser cuts a paste at maxlength before the field keeps the digits).
    expect(field.maxLength).toBeGreaterThanOrEqual(copied.length);
    field.focus();
    await userEvent.paste(copied);
    expect(field.value).toBe('123456');
  });

  it('with its buttons outside, draws none, is submitted by a button naming its id, and tells each change', async () => {
    const onSubmit = jest.fn();
    const onChange = jest.fn();
    render(
      <>
        <SpecForm form={form} formId="sign-in" buttons="outside" onSubmit={onSubmit} onChange={onChange} />
        <button type="submit" form="sign-in">
          Outside
        </button>
      </>,
    );
    expect(screen.queryByRole('button', { name: form.submitLabel })).toBeNull();
    await userEvent.type(screen.getByLabelText(/Email/), 'a@b.co');
    expect(onChange).toHaveBeenLastCalledWith({ email: 'a@b.co' });
    await userEvent.click(screen.getByRole('button', { name: 'Outside' }));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'a@b.co' });
  });

  it('shows server errors on their fields', async () => {
    render(
      <SpecForm form={form} onSubmit={() => undefined} serverErrors={[{ field: 'email', keyword: 'taken', message: 'That address is already registered' }]} />,
    );
    expect(await screen.findByText('That address is already registered')).toBeTruthy();
  });
});

describe('SpecForm in a language', () => {
  const spanishForms = translations.es!.forms as Record<string, unknown>;
  const generatedSignIn = spanishForms[form.id];
  afterEach(() => {
    setLocaleSource(() => undefined);
    spanishForms[form.id] = generatedSignIn;
  });

  /** The visible words of the rendered form: labels (with their "optional"), options and messages. */
  const shownWords = () => [...document.querySelectorAll('label, option, .field__error, .field__hint')].map((e) => e.textContent ?? '');

  it('labels fields taken from entities, and says "optional" and "Choose" in the language (the card billing form)', () => {
    setLocaleSource(() => 'es');
    render(<SpecForm form={billingAddress} onSubmit={() => undefined} />);
    for (const label of ['Nombre', 'Apellido', 'Dirección (línea 1)', 'Dirección (línea 2)', 'Ciudad', 'Estado', 'Código postal'])
      expect(screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`))).toBeTruthy();
    expect(screen.getByText(messageIn('es', 'ui.form.optional'))).toBeTruthy();
    expect(screen.getByRole('option', { name: messageIn('es', 'ui.form.choose') })).toBeTruthy();
    const english = shownWords().filter((w) => /\b(First|Last|name|Address|line|City|State|Zip|code|optional|Choose)\b/.test(w));
    expect(english).toEqual([]);
  });

  it('names the states of the State dropdown in Spanish (Nueva York, Carolina del Norte), keeping their codes', () => {
    setLocaleSource(() => 'es');
    render(<SpecForm form={billingAddress} onSubmit={() => undefined} />);
    const options = [...screen.getByLabelText(/^Estado/).querySelectorAll('option')];
    const nameOf = (code: string) => options.find((o) => o.value === code)?.textContent;
    expect(nameOf('NY')).toBe('Nueva York');
    expect(nameOf('NC')).toBe('Carolina del Norte');
    expect(nameOf('PA')).toBe('Pensilvania');
    expect(nameOf('DC')).toBe('Distrito de Columbia');
    expect(nameOf('TX')).toBe('Texas');
    expect(options.map((o) => o.textContent)).not.toContain('New York');
  });

  it("asks a new account's name and an e-mail in the language, and says what is missing in it", async () => {
    setLocaleSource(() => 'es');
    render(<SpecForm form={newAccount} onSubmit={() => undefined} />);
    expect(screen.getByLabelText(/^Nombre/)).toBeTruthy();
    expect(screen.getByLabelText(/^Apellido/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button'));
    expect(await screen.findByText(messageIn('es', 'validation.firstName.required'))).toBeTruthy();
    expect(shownWords().filter((w) => /\b(First|Last|name|Please|enter)\b/i.test(w))).toEqual([]);
  });

  it("shows a form's translated words and the runtime's own in the page's language, and still validates with the spec's validator", async () => {
    // A Spanish form file as the generator emits it: the spec document with its words translated.
    (translations.es!.forms as Record<string, unknown>)[form.id] = {
      ...structuredClone({ id: form.id, title: form.title, description: form.description }),
      title: 'Inicie sesión',
      submitLabel: 'Seguir',
      schema: { properties: { email: { title: 'Correo electrónico' } } },
    };
    setLocaleSource(() => 'es');
    const onSubmit = jest.fn();
    render(<SpecForm form={form} onSubmit={onSubmit} />);
    expect(screen.getByLabelText(/Correo electrónico/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Seguir' }));
    expect(await screen.findByText(messageIn('es', 'validation.email.required'))).toBeTruthy();
    expect(screen.getByText(messageIn('es', 'ui.form.needsAttention', { count: 1 }))).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Correo electrónico/), 'jose@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Seguir' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'jose@example.com' }));
  });
});
