import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { devCheckTiming, rootReducer } from '@/client/store';
import { bookingStarted } from '@/client/store/booking/slice';
import { fixtureForm, loadFixtureSpecs } from '@tests/fixtures/specs';
import type { FlowDefinition } from '@/generated/flow-types';
import { FlowRunner } from './FlowRunner';
import { enumLabelOf } from '@/domain/translations';
import * as careEnums from '@/generated/enums/care';

const bundle = loadFixtureSpecs();
const flow = bundle.flows.get('fixture-booking')!.data as FlowDefinition;
const loadForm = async (id: string) => fixtureForm(bundle, id);

function setup(variant?: string, slotSelected = true) {
  const actions: UnknownAction[] = [];
  const store = configureStore({
    reducer: rootReducer,
    middleware: (d) =>
      d({ thunk: false, immutableCheck: devCheckTiming, serializableCheck: devCheckTiming }).concat(
        () => (next) => (action) => (actions.push(action as UnknownAction), next(action)),
      ),
  });
  if (slotSelected) store.dispatch(bookingStarted({ selectedSlot: { id: 's1', start: '2030-01-01T10:00:00Z', end: '2030-01-01T11:00:00Z' } }));
  const onComplete = jest.fn();
  let search = '';
  function Where() {
    search = useLocation().search;
    return null;
  }
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/app/bookings']}>
        <FlowRunner flow={flow} variant={variant} loadForm={loadForm} onComplete={onComplete} />
        <Where />
      </MemoryRouter>
    </Provider>,
  );
  return { actions, onComplete, search: () => search, types: () => actions.map((a) => a.type) };
}

describe('FlowRunner', () => {
  it("runs the default variant page by page with the step's form, hooks and copy, then completes", async () => {
    const { types, actions, onComplete, search } = setup();
    expect(await screen.findByRole('heading', { name: 'Enter the code we sent' })).toBeTruthy();
    expect(types()).toContain('test/emailEntered');
    await userEvent.type(await screen.findByLabelText(/One-time code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Patient information' })).toBeTruthy();
    expect(actions.find((a) => a.type === 'test/emailSubmitted')).toMatchObject({ payload: { stepId: 'email', answers: { otp: '123456' } } });
    expect(new URLSearchParams(search()).get('step')).toBe('patient-info');
    await userEvent.click(screen.getByRole('button', { name: enumLabelOf(careEnums.appointmentMode, 'online') }));
    expect(actions.find((a) => a.type === 'test/modeChosen')).toMatchObject({ payload: { answers: { 'patient-info': 'online' } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    expect(types()).toContain('test/paid');
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('goes back a page', async () => {
    setup('patient');
    expect(await screen.findByRole('heading', { name: 'Patient information' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: enumLabelOf(careEnums.appointmentMode, 'in_person') }));
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Patient information' })).toBeTruthy();
  });

  it('skips a step whose guard does not hold', async () => {
    const { onComplete } = setup('patient', false);
    await userEvent.click(await screen.findByRole('button', { name: enumLabelOf(careEnums.appointmentMode, 'online') }));
    await waitFor(() => expect(onComplete).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
  });
});
