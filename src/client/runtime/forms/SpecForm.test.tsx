import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import form from '../../../generated/forms/sign-in-email';
import { messages } from '../../../generated/messages';
import { SpecForm } from './SpecForm';

describe('SpecForm', () => {
  it('renders the spec fields with their labels', () => {
    render(<SpecForm form={form} onSubmit={() => undefined} />);
    expect(screen.getByLabelText(/Email/)).toBeTruthy();
    expect(screen.getByRole('button', { name: form.submitLabel })).toBeTruthy();
  });

  it('shows the spec message for an empty required field on submit, tied to the input', async () => {
    const onSubmit = jest.fn();
    render(<SpecForm form={form} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: form.submitLabel }));
    const error = await screen.findByText(messages['validation.email.required']);
    const input = screen.getByLabelText(/Email/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(error.id);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('validates a field when it loses focus', async () => {
    render(<SpecForm form={form} onSubmit={() => undefined} />);
    await userEvent.type(screen.getByLabelText(/Email/), 'jordan@');
    await userEvent.tab();
    expect(await screen.findByText(messages['validation.email.invalid'])).toBeTruthy();
  });

  it('submits valid data', async () => {
    const onSubmit = jest.fn();
    render(<SpecForm form={form} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/Email/), 'jordan.rivera@example.com');
    await userEvent.click(screen.getByRole('button', { name: form.submitLabel }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'jordan.rivera@example.com' }));
  });

  it('shows server errors on their fields', async () => {
    render(<SpecForm form={form} onSubmit={() => undefined} serverErrors={[{ field: 'email', keyword: 'taken', message: 'That address is already registered' }]} />);
    expect(await screen.findByText('That address is already registered')).toBeTruthy();
  });
});
