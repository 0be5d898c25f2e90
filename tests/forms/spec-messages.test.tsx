/** SpecForm renders fixture form specs (tests/fixtures/forms) and shows their messages for each rule of product-spec §5. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { constants } from '@/generated/constants';
import { addDaysIso, addYears, formatUsDate, todayIso } from '@/domain/dates';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { fixtureForm, loadFixtureSpecs, text } from '../fixtures/specs';

const bundle = loadFixtureSpecs();
const patient = fixtureForm(bundle, 'fixture-patient');
const adult = fixtureForm(bundle, 'fixture-adult');
const address = fixtureForm(bundle, 'fixture-address');
const otp = fixtureForm(bundle, 'fixture-otp');

async function submit(label = 'Continue') {
  // A form the light renderer does not take (fixture-address: a consent with a const) is drawn once rjsf has loaded.
  await userEvent.click(await screen.findByRole('button', { name: label }));
}

describe('form specs through SpecForm', () => {
  it("shows each empty required field's message on submit (with the form's override), tied to its input", async () => {
    const onSubmit = jest.fn();
    render(<SpecForm form={patient} onSubmit={onSubmit} />);
    await submit();
    const error = await screen.findByText(text(bundle, 'runtimeFixture.firstName.requiredAlt'));
    expect(screen.getByLabelText(/First name/).getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.getByLabelText(/First name/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(text(bundle, 'runtimeFixture.gender.required'))).toBeTruthy();
    expect(screen.getByText(text(bundle, 'runtimeFixture.dob.required'))).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('strips characters a name may not hold as they are typed, and says when it is blank', async () => {
    render(<SpecForm form={patient} onSubmit={() => undefined} />);
    const name = screen.getByLabelText(/First name/) as HTMLInputElement;
    await userEvent.type(name, 'Jo3rdan_!-Lee');
    expect(name.value).toBe('Jordan-Lee');
    await userEvent.clear(name);
    await userEvent.type(name, ' ');
    await userEvent.tab();
    expect(await screen.findByText(text(bundle, 'runtimeFixture.firstName.required'))).toBeTruthy();
    expect(name.maxLength).toBe(constants.nameMaxBooking);
  });

  it('rejects a date of birth in the future, and one more than the maximum age back', async () => {
    render(<SpecForm form={patient} onSubmit={() => undefined} />);
    const dob = screen.getByLabelText(/Date of birth/);
    await userEvent.type(dob, addDaysIso(todayIso(), 1));
    await userEvent.tab();
    expect(await screen.findByText(text(bundle, 'runtimeFixture.dob.future'))).toBeTruthy();
    await userEvent.clear(dob);
    await userEvent.type(dob, addDaysIso(addYears(todayIso(), -constants.maxAgeYears), -1));
    await userEvent.tab();
    const earliest = formatUsDate(addYears(todayIso(), -constants.maxAgeYears));
    expect(await screen.findByText(text(bundle, 'runtimeFixture.dob.tooOld').replace('{date}', earliest))).toBeTruthy();
  });

  it('refuses a minor where the form does not allow one', async () => {
    render(<SpecForm form={adult} onSubmit={() => undefined} />);
    await userEvent.type(screen.getByLabelText(/Date of birth/), addYears(todayIso(), -(constants.adultAge - 1)));
    await userEvent.tab();
    expect(await screen.findByText(text(bundle, 'runtimeFixture.dob.minor'))).toBeTruthy();
  });

  it('formats a ten-digit phone number and submits valid answers', async () => {
    const onSubmit = jest.fn();
    render(<SpecForm form={patient} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/First name/), 'Jordan');
    await userEvent.type(screen.getByLabelText(/Date of birth/), '1990-04-02');
    await userEvent.click(screen.getByLabelText('Female'));
    await userEvent.selectOptions(screen.getByLabelText(/Relationship/), 'Self');
    const phone = screen.getByLabelText(/Phone number/) as HTMLInputElement;
    await userEvent.type(phone, '614555');
    expect(phone.value).toBe('614555');
    await userEvent.type(phone, '0142');
    expect(phone.value).toBe('(614) 555-0142');
    await submit();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        firstName: 'Jordan',
        dateOfBirth: '1990-04-02',
        gender: 'Female',
        relationship: 'Self',
        phoneNumber: '(614) 555-0142',
      }),
    );
  });

  it('offers Self only once, and no Child for couples counseling', () => {
    render(
      <SpecForm
        form={patient}
        onSubmit={() => undefined}
        context={{ relationship: { otherRelationships: ['Self'], counselingType: 'Couples/Marriage Counseling' } }}
      />,
    );
    const options = [...(screen.getByLabelText(/Relationship/) as HTMLSelectElement).options].map((o) => o.value);
    expect(options).not.toContain('Self');
    expect(options).not.toContain('Child');
    expect(options).toContain('Spouse');
  });

  it('asks for a state from the dropdown and a five-digit zip', async () => {
    render(<SpecForm form={address} onSubmit={() => undefined} />);
    await submit();
    expect(await screen.findByText(text(bundle, 'runtimeFixture.state.invalid'))).toBeTruthy();
    const zip = screen.getByLabelText(/Zip code/) as HTMLInputElement;
    await userEvent.type(zip, '43a2');
    expect(zip.value).toBe('432');
    await userEvent.tab();
    expect(await screen.findByText(text(bundle, 'runtimeFixture.zip.invalid'))).toBeTruthy();
    expect(screen.getByRole('option', { name: constants.usStates[0]!.name })).toBeTruthy();
    expect(screen.getByLabelText(/I agree to the terms/)).toBeTruthy();
  });

  it("wants a one-time code of exactly the spec'd length, digits only", async () => {
    render(<SpecForm form={otp} onSubmit={() => undefined} />);
    await submit();
    expect(await screen.findByText(text(bundle, 'runtimeFixture.otp.required'))).toBeTruthy();
    const code = screen.getByLabelText(/One-time code/) as HTMLInputElement;
    expect(code.autocomplete).toBe('one-time-code');
    await userEvent.type(code, '12a3');
    expect(code.value).toBe('123');
    await userEvent.tab();
    expect(await screen.findByText(text(bundle, 'runtimeFixture.otp.length'))).toBeTruthy();
    expect((screen.getByLabelText(/Card number/) as HTMLInputElement).autocomplete).toBe('cc-number');
    expect((screen.getByLabelText(/CVV/) as HTMLInputElement).autocomplete).toBe('cc-csc');
  });
});
