/** The patient's cancel dialog on its own, in Spanish: the spec form's words and message in the page's language. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as bookingConstants from '@/generated/constants/booking';
import { routeById } from '@/generated/routes';
import { messageIn } from '@/domain/messages';
import { setLocaleSource } from '@/domain/locale';
import { inHours, renderScreen, sessionFixture as session } from '../test-kit';
import { CancelDialog } from './CancelDialog';

afterEach(() => setLocaleSource(() => undefined));

describe('CancelDialog', () => {
  it("in Spanish: the reasons under the spec's question, a missing reason said in Spanish, then cancels without a note", async () => {
    setLocaleSource(() => 'es');
    const onDone = jest.fn();
    const { calls } = renderScreen(<CancelDialog session={session({ start: inHours(120) })} onClose={() => undefined} onDone={onDone} />, {
      path: routeById.patientSessionsUpcoming.path,
      answers: {
        getAppointmentCancellationReasons: () => ({
          items: bookingConstants.appointmentCancellationReasons.map((r) => ({ id: r.id, label: r.label })),
          lateCancellation: false,
          feeCents: 0,
        }),
        getLateCancellationWindowAndFee: () => ({ windowHours: bookingConstants.lateCancelWindowHours, feeCents: 0, currency: 'USD' }),
        getUserPatients: () => ({ items: [] }),
        listPatientCards: () => ({ items: [] }),
        cancelAppointment: () => ({ ...session(), status: 'cancelled' }),
      },
    });
    const dialog = within(await screen.findByRole('dialog', { name: messageIn('es', 'ui.patient.cancel.heading') }));
    const reasonGroup = await dialog.findByRole('group', { name: '¿Por qué cancela?' });
    expect(dialog.getByLabelText('¿Hay algo más que debamos saber?', { exact: false })).toBeTruthy();
    const confirm = dialog.getByRole('button', { name: messageIn('es', 'ui.patient.cancel.confirm') });
    await userEvent.click(confirm);
    const missing = await dialog.findByText(messageIn('es', 'ui.patient.cancel.reasonRequired'));
    expect(reasonGroup.getAttribute('aria-describedby')).toBe(missing.id);
    expect(calls.filter((c) => c.id === 'cancelAppointment')).toEqual([]);
    await userEvent.click(within(reasonGroup).getByRole('radio', { name: bookingConstants.appointmentCancellationReasons[1]!.label }));
    await userEvent.click(confirm);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.filter((c) => c.id === 'cancelAppointment').map((c) => c.input)).toEqual([
      { params: { id: session().id }, body: { reasonId: bookingConstants.appointmentCancellationReasons[1]!.id } },
    ]);
  });
});
