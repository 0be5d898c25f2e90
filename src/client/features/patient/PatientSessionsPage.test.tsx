import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as bookingConstants from '@/generated/constants/booking';
import { routeById } from '@/generated/routes';
import type { RequestInput } from '@/generated/client/api';
import { message } from '@/domain/messages';
import cancelForm from '@/generated/forms/cancel-session';
import { specFieldTitle } from '@tests/support/spec-form';
import { formatCents } from '@/domain/money';
import { flagsServed, flagsSettled } from '@/client/store/flags/slice';
import PatientSessionsPage from './PatientSessionsPage';
import { httpError, inHours, renderScreen, sessionFixture as session, zone } from './test-kit';
import { formatSessionTime, formatTime, zoneLabel } from '@/domain/date-format';

const reasons = (late: boolean, feeCents: number = bookingConstants.lateCancelFeeCents) => ({
  items: bookingConstants.appointmentCancellationReasons.map((r) => ({ id: r.id, label: r.label })),
  lateCancellation: late,
  feeCents,
});
const window = () => ({ windowHours: bookingConstants.lateCancelWindowHours, feeCents: bookingConstants.lateCancelFeeCents, currency: 'USD' });
const patientId = '11111111-1111-4111-8111-111111111111';
/** The account's people and cards: a late fee is charged to a card on file, or due later without one. */
const cardsOnFile = (cards: number) => ({
  getUserPatients: () => ({ items: [{ id: patientId, firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self' }] }),
  listPatientCards: () => ({
    items: Array.from({ length: cards }, () => ({
      id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
      patientId,
      brand: 'Visa',
      last4: '4242',
      expirationMonth: 12,
      expirationYear: 2030,
      isDefault: true,
    })),
  }),
});

function renderSessions(at: string, answers: Parameters<typeof renderScreen>[1]['answers'], flags: Record<string, string> = {}) {
  const r = renderScreen(<PatientSessionsPage />, { path: new URL(at, 'http://x').pathname, at, answers });
  r.store.dispatch(
    flagsServed({ traffic: 'user', variants: Object.fromEntries(Object.entries(flags).map(([name, variant]) => [name, { name: variant, enabled: true }])) }),
  );
  r.store.dispatch(flagsSettled({ traffic: 'user', ready: true }));
  return r;
}

/** An open time of the session's provider and practice, five days ahead, and the answer that holds it. */
function openTimeOf(s: ReturnType<typeof session>) {
  const slotStart = inHours(120);
  const slot = {
    id: '66666666-6666-4666-8666-666666666666',
    start: slotStart,
    end: inHours(121),
    practiceId: s.practice.id,
    providerId: s.provider.id,
    availabilityType: 'online',
    timeOfDay: 'morning',
    isMedication: false,
  };
  const heldAnswer = () => ({
    holdId: '99999999-9999-4999-8999-999999999999',
    slotId: slot.id,
    providerId: s.provider.id,
    practiceId: s.practice.id,
    start: slot.start,
    end: slot.end,
    appointmentMode: 'online',
    expiresAt: inHours(0.1),
  });
  return { slotStart, slot, heldAnswer };
}

describe('PatientSessionsPage', () => {
  it('lists upcoming sessions with join, calendar and cancel', async () => {
    renderSessions(routeById.patientSessionsUpcoming.path, { listAppointments: () => ({ items: [session()] }) });
    const card = await screen.findByRole('article');
    expect(within(card).getByText(formatSessionTime(session().start, zone))).toBeTruthy();
    expect(within(card).getByText('Morgan Lee, LCSW')).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: message('ui.patient.sessions.join') })
        .getAttribute('href'),
    ).toBe('/app/visit/room');
    expect(within(card).getByRole('button', { name: message('ui.patient.sessions.addToCalendar') })).toBeTruthy();
    expect(within(card).getByRole('button', { name: message('ui.patient.sessions.cancel') })).toBeTruthy();
  });

  it("gives the cards headings one level under the page's (h2 under the h1, none skipped)", async () => {
    renderSessions(routeById.patientSessionsUpcoming.path, { listAppointments: () => ({ items: [session()] }) });
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('heading').tagName).toBe('H2');
  });

  it('says what to do when there are no sessions', async () => {
    renderSessions(routeById.patientSessionsPast.path, { listAppointments: () => ({ items: [] }) });
    expect(await screen.findByText(message('ui.patient.sessions.none'))).toBeTruthy();
  });

  it('inside the late window shows the fee before confirming, then cancels with the reason', async () => {
    const cancelAppointment = jest.fn((input: RequestInput) => ({
      ...session(),
      status: 'cancelled',
      cancellation: {
        reasonId: (input.body as { reasonId: string }).reasonId,
        reason: 'x',
        note: null,
        at: new Date().toISOString(),
        late: true,
        feeCents: 5000,
        feeStatus: 'charged',
      },
    }));
    renderSessions(
      routeById.patientSessionsUpcoming.path,
      {
        listAppointments: () => ({ items: [session({ start: inHours(5) })] }),
        getAppointmentCancellationReasons: () => reasons(true),
        getLateCancellationWindowAndFee: window,
        cancelAppointment,
        ...cardsOnFile(1),
      },
      { cancelUntilAppointmentTime: 'allow', clientCancelWithin48Hours: 'charge' },
    );
    await userEvent.click(await screen.findByRole('button', { name: message('ui.patient.sessions.cancel') }));
    const fee = formatCents(bookingConstants.lateCancelFeeCents);
    expect(await screen.findByText(message('ui.patient.cancel.lateFee', { hours: bookingConstants.lateCancelWindowHours, fee }))).toBeTruthy();
    const confirm = screen.getByRole('button', { name: message('ui.patient.cancel.confirmWithFee', { fee }) });
    await userEvent.click(confirm);
    // No reason: the form says so on the reasons, in the spec's words, and sends nothing.
    const missing = await screen.findByText(message('ui.patient.cancel.reasonRequired'));
    const reasonGroup = screen.getByRole('group', { name: specFieldTitle(cancelForm, 'reasonId') });
    expect(reasonGroup.getAttribute('aria-invalid')).toBe('true');
    expect(reasonGroup.getAttribute('aria-describedby')).toBe(missing.id);
    expect(cancelAppointment).not.toHaveBeenCalled();
    await userEvent.click(within(reasonGroup).getByLabelText(bookingConstants.appointmentCancellationReasons[0]!.label));
    await waitFor(() => expect(screen.queryByText(message('ui.patient.cancel.reasonRequired'))).toBeNull());
    await userEvent.type(screen.getByLabelText(specFieldTitle(cancelForm, 'note'), { exact: false }), '  Feeling better this week.  ');
    await userEvent.click(confirm);
    await waitFor(() => expect(cancelAppointment).toHaveBeenCalled());
    expect(cancelAppointment.mock.calls[0]![0]).toMatchObject({
      params: { id: session().id },
      body: { reasonId: bookingConstants.appointmentCancellationReasons[0]!.id, note: 'Feeling better this week.' },
    });
    expect(await screen.findByText(new RegExp(message('ui.patient.cancel.feeCharged', { fee }).replace(/[$.]/g, '\\$&')))).toBeTruthy();
  });

  it('without a card on file promises no payment: the fee will be due', async () => {
    renderSessions(
      routeById.patientSessionsUpcoming.path,
      {
        listAppointments: () => ({ items: [session({ start: inHours(5) })] }),
        getAppointmentCancellationReasons: () => reasons(true),
        getLateCancellationWindowAndFee: window,
        ...cardsOnFile(0),
      },
      { cancelUntilAppointmentTime: 'allow', clientCancelWithin48Hours: 'charge' },
    );
    await userEvent.click(await screen.findByRole('button', { name: message('ui.patient.sessions.cancel') }));
    const fee = formatCents(bookingConstants.lateCancelFeeCents);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(new RegExp(message('ui.patient.cancel.feeWillBeDue', { fee }).replace(/[$.]/g, '\\$&')))).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: message('ui.patient.cancel.confirmFeeDue', { fee }) })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /pay/i })).toBeNull();
  });

  it('says cancelling is free outside the window, waived when the flag waives it, and impossible online when the flag blocks it', async () => {
    const answers = { getLateCancellationWindowAndFee: window, listAppointments: () => ({ items: [session({ start: inHours(5) })] }), ...cardsOnFile(1) };
    const first = renderSessions(routeById.patientSessionsUpcoming.path, { ...answers, getAppointmentCancellationReasons: () => reasons(false, 0) });
    await userEvent.click(await screen.findByRole('button', { name: message('ui.patient.sessions.cancel') }));
    expect(await screen.findByText(message('ui.patient.cancel.free', { hours: bookingConstants.lateCancelWindowHours }))).toBeTruthy();
    first.unmount();

    const second = renderSessions(
      routeById.patientSessionsUpcoming.path,
      { ...answers, getAppointmentCancellationReasons: () => reasons(true) },
      { cancelUntilAppointmentTime: 'allow', clientCancelWithin48Hours: 'waive' },
    );
    await userEvent.click(await screen.findByRole('button', { name: message('ui.patient.sessions.cancel') }));
    expect(await screen.findByText(message('ui.patient.cancel.feeWaived', { hours: bookingConstants.lateCancelWindowHours }))).toBeTruthy();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: message('ui.patient.cancel.confirm') })).toBeTruthy();
    second.unmount();

    renderSessions(
      routeById.patientSessionsUpcoming.path,
      { ...answers, getAppointmentCancellationReasons: () => reasons(true) },
      { cancelUntilAppointmentTime: 'block' },
    );
    await userEvent.click(await screen.findByRole('button', { name: message('ui.patient.sessions.cancel') }));
    expect(await screen.findByText(/can no longer be cancelled online/)).toBeTruthy();
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: message('ui.patient.cancel.confirm') })).toBeNull();
  });

  it('reschedules: holds the chosen time of the same provider and practice first, then moves the session', async () => {
    const s = session({ start: inHours(72) });
    const { slotStart, slot, heldAnswer } = openTimeOf(s);
    const elsewhere = { ...slot, id: '77777777-7777-4777-8777-777777777777', practiceId: '88888888-8888-4888-8888-888888888888' };
    const holdSlot = jest.fn(heldAnswer);
    const rescheduleAppointment = jest.fn(() => ({ ...s, start: slotStart, end: inHours(121), rescheduledFrom: s.start }));
    renderSessions(
      routeById.patientSessionsUpcoming.path,
      {
        listAppointments: () => ({ items: [s] }),
        getProviderAvailability: (input) => {
          expect(input).toMatchObject({ params: { id: s.provider.id }, query: { availabilityType: ['online'] } });
          return { providerId: s.provider.id, timeZone: zone, startDate: '2026-01-01', endDate: '2026-01-02', slots: [slot, elsewhere] };
        },
        holdSlot,
        rescheduleAppointment,
        releaseSlotHold: () => undefined,
      },
      { rescheduleButtons: 'new_for_client' },
    );
    await userEvent.click(await screen.findByRole('button', { name: message('ui.patient.sessions.reschedule') }));
    const times = await screen.findAllByRole('radio');
    expect(times).toHaveLength(1); // the other practice's time is not offered
    // The dialog says the zone, and names each time with it for screen readers.
    const zoneName = zoneLabel(zone, new Date(slotStart));
    expect(screen.getByText(message('ui.timeZone.timesIn', { zone: zoneName }))).toBeTruthy();
    expect(screen.getByRole('radio', { name: `${formatTime(slotStart, zone)} ${zoneName}` })).toBe(times[0]);
    await userEvent.click(screen.getByRole('button', { name: message('ui.patient.reschedule.confirm') }));
    expect(await screen.findByText(message('ui.patient.slots.choose'))).toBeTruthy();
    await userEvent.click(times[0]!);
    expect(
      await screen.findByText(message('ui.patient.slots.held', { when: formatSessionTime(slotStart, zone), minutes: bookingConstants.slotHoldMinutes })),
    ).toBeTruthy();
    expect(holdSlot).toHaveBeenCalledWith(expect.objectContaining({ body: { slotId: slot.id, providerId: s.provider.id } }));
    await userEvent.click(screen.getByRole('button', { name: message('ui.patient.reschedule.confirm') }));
    expect(await screen.findByText(message('ui.patient.reschedule.done', { when: formatSessionTime(slotStart, zone) }))).toBeTruthy();
    expect(rescheduleAppointment).toHaveBeenCalledWith(expect.objectContaining({ body: { holdId: '99999999-9999-4999-8999-999999999999', slotId: slot.id } }));
  });

  it('after a reschedule, the next picker waits for fresh open times instead of offering the time just taken', async () => {
    const s = session({ start: inHours(72) });
    const { slotStart, slot, heldAnswer } = openTimeOf(s);
    const moved = { ...s, start: slotStart, end: inHours(121), rescheduledFrom: s.start };
    const availability = (slots: (typeof slot)[]) => ({ providerId: s.provider.id, timeZone: zone, startDate: '2026-01-01', endDate: '2026-01-02', slots });
    // The first picker is answered at once; the next one's answer (the time now taken) waits until the test gives it.
    let giveFresh: (answer: ReturnType<typeof availability>) => void = () => undefined;
    let availabilityCalls = 0;
    renderSessions(
      routeById.patientSessionsUpcoming.path,
      {
        listAppointments: () => ({ items: [availabilityCalls ? moved : s] }),
        getProviderAvailability: () => {
          availabilityCalls += 1;
          return availabilityCalls === 1 ? availability([slot]) : new Promise((resolve) => (giveFresh = resolve));
        },
        holdSlot: heldAnswer,
        rescheduleAppointment: () => moved,
        releaseSlotHold: () => undefined,
      },
      { rescheduleButtons: 'new_for_client' },
    );
    await userEvent.click(await screen.findByRole('button', { name: message('ui.patient.sessions.reschedule') }));
    await userEvent.click((await screen.findAllByRole('radio'))[0]!);
    await screen.findByText(message('ui.patient.slots.held', { when: formatSessionTime(slotStart, zone), minutes: bookingConstants.slotHoldMinutes }));
    await userEvent.click(screen.getByRole('button', { name: message('ui.patient.reschedule.confirm') }));
    await screen.findByText(message('ui.patient.reschedule.done', { when: formatSessionTime(slotStart, zone) }));

    await userEvent.click(await screen.findByRole('button', { name: message('ui.patient.sessions.reschedule') }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(availabilityCalls).toBe(2));
    expect(within(dialog).queryAllByRole('radio')).toHaveLength(0);
    expect(within(dialog).getByRole('status', { busy: true })).toBeTruthy();
    giveFresh(availability([]));
    await waitFor(() => expect(within(dialog).queryByRole('status', { busy: true })).toBeNull());
    expect(within(dialog).queryAllByRole('radio')).toHaveLength(0);
  });

  it('hides reschedule while the flag is off', async () => {
    renderSessions(routeById.patientSessionsUpcoming.path, { listAppointments: () => ({ items: [session()] }) }, { rescheduleButtons: 'off' });
    await screen.findByRole('article');
    expect(screen.queryByRole('button', { name: message('ui.patient.sessions.reschedule') })).toBeNull();
  });

  it('books a past session again, telling first that another session with the provider is booked', async () => {
    const past = session({ start: inHours(-200), selfPay: true, priceCents: 12000 });
    const slot = {
      id: '66666666-6666-4666-8666-666666666666',
      start: inHours(120),
      end: inHours(121),
      practiceId: past.practice.id,
      providerId: past.provider.id,
      availabilityType: 'online',
      timeOfDay: 'morning',
      isMedication: false,
    };
    const rebookAppointment = jest.fn(() => ({ ...past, id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', start: slot.start, end: slot.end }));
    renderSessions(routeById.patientSessionsPast.path, {
      listAppointments: () => ({ items: [past] }),
      getUserPatients: () => ({ items: [{ id: past.patients[0]!.id, firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self' }] }),
      listPatientCards: () => ({
        items: [
          {
            id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
            patientId: past.patients[0]!.id,
            brand: 'Visa',
            last4: '4242',
            expirationMonth: 12,
            expirationYear: 2030,
            isDefault: true,
          },
        ],
      }),
      appointmentsExist: (input) => {
        expect(input).toMatchObject({ query: { appointmentId: past.id } });
        return true;
      },
      getProviderAvailability: () => ({ providerId: past.provider.id, timeZone: zone, startDate: '2026-01-01', endDate: '2026-01-02', slots: [slot] }),
      holdSlot: () => ({
        holdId: '99999999-9999-4999-8999-999999999999',
        slotId: slot.id,
        providerId: past.provider.id,
        practiceId: past.practice.id,
        start: slot.start,
        end: slot.end,
        appointmentMode: 'online',
        expiresAt: inHours(0.1),
      }),
      rebookAppointment,
      releaseSlotHold: () => undefined,
    });
    await userEvent.click(await screen.findByRole('button', { name: message('ui.patient.sessions.rebook') }));
    expect(await screen.findByText(message('ui.patient.rebook.alreadyBooked', { patient: 'Jordan Rivera', provider: 'Morgan Lee, LCSW' }))).toBeTruthy();
    expect(await screen.findByText(message('ui.patient.rebook.selfPay', { price: '$120.00', last4: '4242' }))).toBeTruthy();
    await userEvent.click(await screen.findByRole('radio'));
    await screen.findByText(/We are holding/);
    await userEvent.click(screen.getByRole('button', { name: message('ui.patient.rebook.confirm') }));
    expect(await screen.findByText(message('ui.patient.rebook.done', { when: formatSessionTime(slot.start, zone) }))).toBeTruthy();
    expect(rebookAppointment).toHaveBeenCalledWith(
      expect.objectContaining({ params: { id: past.id }, body: expect.objectContaining({ payment: { cardId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb' } }) }),
    );
  });

  it("shows the not-found state for a session that is not the account's", async () => {
    renderSessions(`${routeById.patientSessions.path}?session=cccccccc-cccc-4ccc-8ccc-cccccccccccc`, {
      getAppointment: () => {
        throw httpError('getAppointment', 404, { description: 'We could not find what you were looking for.' });
      },
    });
    expect(await screen.findByText(message('ui.patient.notFound.heading'))).toBeTruthy();
    expect(screen.getByRole('link', { name: message('ui.patient.notFound.back') }).getAttribute('href')).toBe(routeById.patientHome.path);
  });
  it("a reminder's cancel link opens the session's cancel dialog with the late fee, once", async () => {
    const token = 'aCancelLinkTokenOfTheReminderMail_0123456789';
    const useReminderLink = jest.fn(() => ({ valid: true, purpose: 'cancel', appointmentId: session().id }));
    renderSessions(
      `${routeById.patientSessions.path}?session=${session().id}&reminder=${token}`,
      {
        getAppointment: () => session({ start: inHours(20) }),
        useReminderLink,
        getAppointmentCancellationReasons: () => reasons(true),
        getLateCancellationWindowAndFee: window,
        ...cardsOnFile(1),
      },
      { cancelUntilAppointmentTime: 'allow', clientCancelWithin48Hours: 'charge' },
    );
    expect(await screen.findByText(message('ui.patient.reminders.linkOpened'))).toBeTruthy();
    const fee = formatCents(bookingConstants.lateCancelFeeCents);
    expect(await screen.findByText(message('ui.patient.cancel.lateFee', { hours: bookingConstants.lateCancelWindowHours, fee }))).toBeTruthy();
    expect(useReminderLink).toHaveBeenCalledTimes(1);
    expect(useReminderLink).toHaveBeenCalledWith(expect.objectContaining({ body: { token } }));
  });

  it('a used or expired reminder link says so and opens nothing', async () => {
    renderSessions(`${routeById.patientSessions.path}?session=${session().id}&reminder=aUsedLinkTokenOfTheReminderMail_0123456789`, {
      getAppointment: () => session(),
      useReminderLink: () => ({ valid: false }),
    });
    expect(await screen.findByText(message('ui.patient.reminders.linkUsed'))).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
