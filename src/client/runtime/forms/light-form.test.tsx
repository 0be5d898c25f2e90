import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formLoaders, type FormId } from '@/generated/forms';
import serviceSelection from '@/generated/forms/service-selection';
import patientInformation from '@/generated/forms/booking-patient-information';
import { message, messageIn } from '@/domain/messages';
import { setLocaleSource } from '@/domain/locale';
import { enumLabelOf } from '@/domain/translations';
import * as careEnums from '@/generated/enums/care';
import { LightForm, lightModelOf } from './light-form';
import { localizedForm } from './localized-form';
import RjsfSpecForm from './RjsfSpecForm';
import { SpecForm } from './SpecForm';

afterEach(() => setLocaleSource(() => undefined));

const formIds = Object.keys(formLoaders) as FormId[];
const end = (invalidCount: number) => (
  <>
    <p aria-live="polite">{invalidCount || ''}</p>
    <button type="submit">Send</button>
  </>
);

describe('which spec forms the light renderer draws', () => {
  it('draws every spec form the app shows, so no screen loads rjsf; only the unused insurance choice (a boolean with a default) would', async () => {
    const left: string[] = [];
    for (const id of formIds) if (!lightModelOf(await formLoaders[id]())) left.push(id);
    expect(left).toEqual(['insurance-selection']);
  });
});

/** What rjsf draws and what the light renderer draws of the same form, after the same steps, must be the same markup. */
describe.each(['en-US', 'es'])('the light renderer draws what rjsf draws (%s)', (locale) => {
  it.each(formIds)('%s', async (id) => {
    setLocaleSource(() => locale);
    const form = localizedForm(await formLoaders[id]());
    const model = lightModelOf(form);
    if (!model) return;
    const initialData = { email: 'a@example.com' };
    const drawn = async (ui: React.ReactElement) => {
      const { container, unmount } = render(ui);
      const steps: string[] = [container.innerHTML];
      // Submit empty: every required field says what it misses, the first takes the focus.
      await userEvent.click(screen.getByRole('button', { name: 'Send' }));
      // rjsf finds the field to focus by the form's named elements, which jsdom lacks, then by input ids: so under jsdom
      // it focuses a first wrong input and not a select (a browser focuses both, as the light renderer does): inputs compared.
      steps.push(container.innerHTML, document.activeElement instanceof HTMLInputElement ? document.activeElement.id : '');
      // Type in the first text field and leave it: the whole form is checked again.
      const first = container.querySelector<HTMLInputElement>('input.input');
      if (first) {
        await userEvent.type(first, 'x');
        await userEvent.tab();
        steps.push(container.innerHTML);
      }
      unmount();
      return steps;
    };
    const byRjsf = await drawn(
      <RjsfSpecForm form={form} initialData={initialData} onSubmit={() => undefined}>
        {end}
      </RjsfSpecForm>,
    );
    const byLight = await drawn(
      <LightForm form={form} model={model} initialData={initialData} onSubmit={() => undefined}>
        {end}
      </LightForm>,
    );
    expect(byLight).toEqual(byRjsf);
  });
});

describe('a spec form drawn by the light renderer', () => {
  it('offers an enumeration by its words, marks required fields, and submits the chosen values', async () => {
    const onSubmit = jest.fn();
    render(<SpecForm form={serviceSelection} onSubmit={onSubmit} />);
    const service = screen.getByLabelText('Service type');
    expect(service.getAttribute('required')).not.toBeNull();
    expect(screen.queryByText(message('ui.form.optional'))).toBeNull();
    expect(screen.getByRole('option', { name: enumLabelOf(careEnums.appointmentMode, 'online') })).toBeTruthy();
    await userEvent.selectOptions(service, 'Family Counseling');
    await userEvent.selectOptions(screen.getByLabelText(/Mode of session/), 'online');
    await userEvent.click(screen.getByRole('button', { name: serviceSelection.submitLabel }));
    expect(onSubmit).toHaveBeenCalledWith({ counselingType: 'Family Counseling', appointmentMode: 'online' });
  });

  it('says in Spanish what is missing, on the field, and focuses the first field to fix', async () => {
    setLocaleSource(() => 'es');
    const onSubmit = jest.fn();
    render(<SpecForm form={serviceSelection} onSubmit={onSubmit} />);
    const service = screen.getByLabelText('Tipo de servicio');
    expect(screen.getByRole('option', { name: 'Elija un servicio' })).toBeTruthy();
    expect(screen.getByRole('option', { name: enumLabelOf(careEnums.appointmentMode, 'in_person') })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    const error = screen.getByText(messageIn('es', 'validation.service.required'));
    expect(service.getAttribute('aria-invalid')).toBe('true');
    expect(service.getAttribute('aria-describedby')).toBe(error.id);
    expect(screen.getByText(messageIn('es', 'validation.appointmentMode.required'))).toBeTruthy();
    expect(screen.getByText(messageIn('es', 'ui.form.needsAttention', { count: 2 }))).toBeTruthy();
    expect(document.activeElement).toBe(service);
    expect(onSubmit).not.toHaveBeenCalled();
    // Once errors show, a change clears its field's error at once.
    await userEvent.selectOptions(service, 'Individual Counseling');
    await waitFor(() => expect(screen.queryByText(messageIn('es', 'validation.service.required'))).toBeNull());
    expect(screen.getByText(messageIn('es', 'validation.appointmentMode.required'))).toBeTruthy();
  });

  it("asks the date of birth unless the patient is a child, as the form's condition says", async () => {
    render(<SpecForm form={patientInformation} onSubmit={() => undefined} />);
    const dateOfBirth = () => screen.getByLabelText(/^Date of birth/);
    expect(dateOfBirth().getAttribute('required')).not.toBeNull();
    await userEvent.selectOptions(screen.getByLabelText(/^Relationship/), 'Child');
    expect(dateOfBirth().getAttribute('required')).toBeNull();
    expect(screen.getByText((_, e) => e?.tagName === 'LABEL' && e.textContent === `Date of birth ${message('ui.form.optional')}`)).toBeTruthy();
  });
});
