/** One session's whole story as support sees it: both zones, who booked it, consents, payments, audit; cancel, move, change details. */
import { screen, within } from '@testing-library/react';
import { aPerson } from '@tests/support/person';
import * as bookingConstants from '@/generated/constants/booking';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import type { RequestInput } from '@/generated/client/api';
import { httpError, renderScreen } from '@tests/support/screen-kit';
import { specFieldTitle, specSubmitLabel } from '@tests/support/spec-form';
import noteForm from '@/generated/forms/support-patient-note';
import SupportUserSessionPage from './SupportUserSessionPage';
import { flagsServed, flagsSettled } from '@/client/store/flags/slice';
import { formatSessionTime } from '@/domain/date-format';
import cancelForm from '@/generated/forms/support-cancel-session';
import { account, session, userId, zone } from './support-fixtures';

describe("one session's whole story", () => {
  const path = routeById.supportUserSession.path;
  const provider = { id: 'pr1', firstName: 'Morgan', lastName: 'Lee', title: 'LCSW', timeZone: 'America/Los_Angeles' };
  const appointment = {
    ...session,
    provider,
    practice: { id: 'pc1', name: 'Calm Practice', addressLine1: '1 Main St', city: 'Columbus', state: 'OH', zipcode: '43215' },
    joinUrl: 'https://video.example/s1',
    selfPay: true,
    priceCents: 15000,
    amountDueCents: 0,
    payment: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    cancellation: null,
    rescheduledFrom: null,
    rebookedFrom: null,
    start: '2099-12-01T15:00:00.000Z',
    end: '2099-12-01T15:50:00.000Z',
  };
  const story = {
    appointment,
    account: { id: userId, email: account.email, firstName: 'Jordan', lastName: 'Rivera' },
    timeline: [{ at: '2026-11-20T10:00:00.000Z', event: 'booked', by: { name: 'Sam Okafor', staff: true }, reason: null, note: null, from: null }],
    replaces: null,
    replacedBy: [],
    responsibleParties: [],
    consents: [
      {
        id: 'c1',
        patientId: 'p1',
        consentType: 'bookAppointmentConsent',
        signedAt: '2026-11-20T10:00:00.000Z',
        signerName: 'Jordan Rivera',
        signerCapacity: null,
      },
    ],
    insurance: null,
    payments: [
      {
        id: 'pay1',
        purpose: 'session',
        status: 'succeeded',
        amountCents: 15000,
        currency: 'USD',
        cardBrand: 'Visa',
        cardLast4: '1111',
        createdAt: '2026-11-20T10:00:00.000Z',
        refundOf: null,
        refundReason: null,
      },
    ],
    mails: [
      {
        id: 'm1',
        template: 'appointment-confirmation',
        recipient: account.email,
        queuedAt: '2026-11-20T10:00:00.000Z',
        tries: 1,
        status: 'delivered',
        deliveredAt: '2026-11-20T10:00:05.000Z',
        lastError: null,
      },
      {
        id: 'm2',
        template: 'appointment-confirmation',
        recipient: 'old@nowhere.invalid',
        queuedAt: '2026-11-20T11:00:00.000Z',
        tries: 7,
        status: 'failed',
        deliveredAt: null,
        lastError: '550 no mail server for nowhere.invalid',
      },
    ],
    audit: [
      {
        at: '2026-11-20T10:00:00.000Z',
        actor: { name: 'Sam Okafor', staff: true },
        action: 'createSupportAppointment',
        what: "Book on a caller's behalf",
        outcome: 'success',
      },
    ],
  };
  const reasons = { items: [{ id: 'schedule_conflict', label: 'I have a schedule conflict' }], lateCancellation: true, feeCents: 7500 };

  it('shows the time in both zones, who booked it, consents, payments and the audit history; cancels with the fee shown and adds a note', async () => {
    const user = aPerson();
    const { calls } = renderScreen(<SupportUserSessionPage />, {
      path,
      at: `${path}?sessionId=s1`,
      groups: ['support'],
      answers: {
        getSupportSession: () => story,
        listPatientNotes: () => ({ items: [] }),
        getPatientNoteTypes: () => ({ items: [{ value: 'general', label: 'General' }] }),
        getAppointmentCancellationReasons: () => reasons,
        getLateCancellationWindowAndFee: () => ({ windowHours: 48, feeCents: 7500, currency: 'USD' }),
        cancelAppointment: () => ({ ...appointment, status: 'cancelled' }),
        savePatientNote: (input: RequestInput) => ({
          id: 'n1',
          ...(input.body as object),
          authorId: 'a',
          authorName: 'Sam Okafor',
          createdAt: '2026-11-21T10:00:00.000Z',
        }),
      },
    });
    expect(await screen.findByText(formatSessionTime(appointment.start, 'America/Los_Angeles'))).toBeTruthy();
    expect(screen.getByText(formatSessionTime(appointment.start, zone))).toBeTruthy();
    expect(screen.getByText(/Patient's time/)).toBeTruthy();
    expect(screen.getByText(/Provider's time/)).toBeTruthy();
    expect(screen.getByText(message('ui.support.session.byStaff', { name: 'Sam Okafor' }), { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: message('ui.support.session.consentPdf') })).toBeTruthy();
    expect(screen.getByText("Book on a caller's behalf")).toBeTruthy();
    const mails = within(screen.getByRole('region', { name: message('ui.support.session.mails') }));
    expect(mails.getAllByText(message('ui.support.mail.appointmentConfirmation'))).toHaveLength(2);
    expect(mails.getByText(message('ui.support.session.mailFailed', { tries: 7, answer: '550 no mail server for nowhere.invalid' }))).toBeTruthy();
    expect(mails.getByText(/^Delivered /)).toBeTruthy();
    // Self-pay with a price: the Good Faith Estimate is one click away.
    expect(screen.getByRole('button', { name: message('ui.support.session.estimate') })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: message('ui.support.session.cancel') }));
    const fee = '$75.00';
    expect(await screen.findByText(message('ui.support.cancel.lateFee', { hours: 48, fee }))).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'I have a schedule conflict' }));
    await user.click(screen.getByRole('button', { name: message('ui.support.cancel.confirmWithFee', { fee }) }));
    expect(await screen.findByText(message('ui.support.cancel.done'))).toBeTruthy();
    expect(calls.find((c) => c.id === 'cancelAppointment')!.input.body).toEqual({ reasonId: 'schedule_conflict' });

    await user.type(screen.getByLabelText(specFieldTitle(noteForm, 'text')), 'Caller asked to cancel.');
    await user.click(screen.getByRole('button', { name: specSubmitLabel(noteForm) }));
    expect(await screen.findByText(message('ui.support.note.saved'))).toBeTruthy();
    expect(calls.find((c) => c.id === 'savePatientNote')!.input.body).toEqual({ patientId: 'p1', noteType: 'general', text: 'Caller asked to cancel.' });
  });

  it("reads what happened around the session in the agent's account zone, named, not the device's or the patient's", async () => {
    // Honolulu keeps no daylight time and is neither the patient's zone, the provider's nor any test machine's.
    const agentZone = 'Pacific/Honolulu';
    renderScreen(<SupportUserSessionPage />, {
      path,
      at: `${path}?sessionId=s1`,
      groups: ['support'],
      user: { userType: 'support', timeZone: agentZone },
      answers: {
        getSupportSession: () => story,
        listPatientNotes: () => ({ items: [] }),
        getPatientNoteTypes: () => ({ items: [{ value: 'general', label: 'General' }] }),
      },
    });
    const mails = within(await screen.findByRole('region', { name: message('ui.support.session.mails') }));
    expect(mails.getByText(message('ui.support.session.mailDelivered', { when: formatSessionTime('2026-11-20T10:00:05.000Z', agentZone) }))).toBeTruthy();
    const audit = within(screen.getByRole('region', { name: message('ui.support.session.audit') }));
    expect(audit.getByText(formatSessionTime('2026-11-20T10:00:00.000Z', agentZone))).toBeTruthy();
    expect(audit.queryByText(formatSessionTime('2026-11-20T10:00:00.000Z', zone))).toBeNull();
  });

  it('moves the session to another time of the same practice (rescheduleButtons on), and cancels for the practice with no fee', async () => {
    const user = aPerson();
    const slot = {
      id: '66666666-6666-4666-8666-666666666666',
      start: '2099-12-03T17:00:00.000Z',
      end: '2099-12-03T17:50:00.000Z',
      practiceId: 'pc1',
      providerId: 'pr1',
      availabilityType: 'online',
      timeOfDay: 'morning',
      isMedication: false,
    };
    const { calls, store } = renderScreen(<SupportUserSessionPage />, {
      path,
      at: `${path}?sessionId=s1`,
      groups: ['support'],
      answers: {
        getSupportSession: () => story,
        listPatientNotes: () => ({ items: [] }),
        getPatientNoteTypes: () => ({ items: [] }),
        getProviderAvailability: () => ({ providerId: 'pr1', timeZone: zone, startDate: '2099-12-01', endDate: '2099-12-04', slots: [slot] }),
        holdSlot: () => ({ holdId: '99999999-9999-4999-8999-999999999999', slotId: slot.id, start: slot.start, expiresAt: '2099-12-01T00:10:00.000Z' }),
        rescheduleAppointment: () => ({ ...appointment, start: slot.start, end: slot.end }),
        releaseSlotHold: () => undefined,
        getAppointmentCancellationReasons: () => ({
          items: [...reasons.items, { id: 'practice_cancelled', label: 'The provider or the practice cancelled' }],
          lateCancellation: true,
          feeCents: 7500,
        }),
        getLateCancellationWindowAndFee: () => ({ windowHours: 48, feeCents: 7500, currency: 'USD' }),
        cancelAppointment: () => ({ ...appointment, status: 'cancelled' }),
      },
    });
    await screen.findByText(formatSessionTime(appointment.start, 'America/Los_Angeles'));
    expect(screen.queryByRole('button', { name: message('ui.support.session.reschedule') })).toBeNull();
    store.dispatch(flagsServed({ traffic: 'user', variants: { rescheduleButtons: { name: 'new_for_client', enabled: true } } }));
    store.dispatch(flagsSettled({ traffic: 'user', ready: true }));
    await user.click(await screen.findByRole('button', { name: message('ui.support.session.reschedule') }));
    await user.click(await screen.findByRole('radio'));
    await screen.findByText(message('ui.support.reschedule.held', { when: formatSessionTime(slot.start, zone), minutes: bookingConstants.slotHoldMinutes }));
    await user.click(screen.getByRole('button', { name: message('ui.support.reschedule.confirm') }));
    expect(await screen.findByText(message('ui.support.reschedule.done', { when: formatSessionTime(slot.start, zone) }))).toBeTruthy();
    expect(calls.find((c) => c.id === 'rescheduleAppointment')!.input.body).toEqual({ holdId: '99999999-9999-4999-8999-999999999999', slotId: slot.id });

    await user.click(screen.getByRole('button', { name: message('ui.support.session.cancel') }));
    await user.click(await screen.findByRole('radio', { name: 'The provider or the practice cancelled' }));
    expect(screen.getByText(message('ui.support.cancel.practice'))).toBeTruthy();
    const dialog = within(screen.getByRole('dialog', { name: message('ui.support.cancel.heading') }));
    await user.click(dialog.getByRole('button', { name: message('ui.support.cancel.confirm') }));
    expect(await screen.findByText(message('ui.support.cancel.done'))).toBeTruthy();
    expect(calls.find((c) => c.id === 'cancelAppointment')!.input.body).toEqual({ reasonId: 'practice_cancelled' });
  });

  it('cancels for the caller: a missing reason said on the reasons, the fee waived by its box, the note sent; no box when the practice cancelled', async () => {
    const user = aPerson();
    const { calls } = renderScreen(<SupportUserSessionPage />, {
      path,
      at: `${path}?sessionId=s1`,
      groups: ['support'],
      answers: {
        getSupportSession: () => story,
        listPatientNotes: () => ({ items: [] }),
        getPatientNoteTypes: () => ({ items: [] }),
        getAppointmentCancellationReasons: () => ({
          items: [...reasons.items, { id: 'practice_cancelled', label: 'The provider or the practice cancelled' }],
          lateCancellation: true,
          feeCents: 7500,
        }),
        getLateCancellationWindowAndFee: () => ({ windowHours: 48, feeCents: 7500, currency: 'USD' }),
        cancelAppointment: () => ({ ...appointment, status: 'cancelled' }),
      },
    });
    await screen.findByText(formatSessionTime(appointment.start, 'America/Los_Angeles'));
    await user.click(screen.getByRole('button', { name: message('ui.support.session.cancel') }));
    const dialog = within(await screen.findByRole('dialog', { name: message('ui.support.cancel.heading') }));
    const fee = '$75.00';
    await dialog.findByText(message('ui.support.cancel.lateFee', { hours: 48, fee }));
    await user.click(dialog.getByRole('button', { name: message('ui.support.cancel.confirmWithFee', { fee }) }));
    const missing = await dialog.findByText(message('ui.support.cancel.reasonRequired'));
    expect(dialog.getByRole('group', { name: specFieldTitle(cancelForm, 'reasonId') }).getAttribute('aria-describedby')).toBe(missing.id);

    // The practice cancelled: nothing to waive, so no box.
    await user.click(dialog.getByRole('radio', { name: 'The provider or the practice cancelled' }));
    expect(dialog.queryByRole('checkbox', { name: specFieldTitle(cancelForm, 'waiveFee') })).toBeNull();
    // The caller's reason: the fee applies, and its box waives it (the button then names no fee).
    await user.click(dialog.getByRole('radio', { name: 'I have a schedule conflict' }));
    await user.click(dialog.getByRole('checkbox', { name: specFieldTitle(cancelForm, 'waiveFee') }));
    await user.type(dialog.getByLabelText(specFieldTitle(cancelForm, 'note'), { exact: false }), 'Caller was in hospital.');
    await user.click(dialog.getByRole('button', { name: message('ui.support.cancel.confirm') }));
    expect(await screen.findByText(message('ui.support.cancel.done'))).toBeTruthy();
    expect(calls.filter((c) => c.id === 'cancelAppointment').map((c) => c.input.body)).toEqual([
      { reasonId: 'schedule_conflict', note: 'Caller was in hospital.', waiveFee: true },
    ]);
  });

  it("changes a patient's details for the caller through PUT /support/patients/{id}", async () => {
    const user = aPerson();
    const record = {
      id: 'p1',
      userId,
      firstName: 'Jordan',
      lastName: 'Rivera',
      relationship: 'Self',
      isMinor: false,
      licenseKey: 'K',
      gender: null,
      dateOfBirth: '1988-07-14',
      phoneNumber: '6145550100',
      email: null,
    };
    const supportPatient = {
      patient: record,
      account: { id: userId, email: account.email, firstName: 'Jordan', lastName: 'Rivera', businessPartnerId: null },
      insurances: [],
      notes: [],
    };
    const { calls, store } = renderScreen(<SupportUserSessionPage />, {
      path,
      at: `${path}?sessionId=s1`,
      groups: ['support'],
      answers: {
        getSupportSession: () => story,
        listPatientNotes: () => ({ items: [] }),
        getPatientNoteTypes: () => ({ items: [{ value: 'general', label: 'General' }] }),
        getSupportPatient: () => supportPatient,
        updateSupportPatient: () => ({ ...supportPatient, patient: { ...record, lastName: 'Rivera-Diaz' } }),
      },
    });
    store.dispatch(flagsServed({ traffic: 'user', variants: { supportDemographicsEdit: { name: 'enable', enabled: true } } }));
    store.dispatch(flagsSettled({ traffic: 'user', ready: true }));
    await user.click(await screen.findByRole('button', { name: message('ui.support.details.edit', { name: 'Jordan Rivera' }) }));
    const last = await screen.findByLabelText(/Last name/);
    await user.clear(last);
    await user.type(last, 'Rivera-Diaz');
    await user.click(screen.getByRole('button', { name: 'Save the details' }));
    expect(await screen.findByText(message('ui.support.details.saved'))).toBeTruthy();
    expect(calls.find((c) => c.id === 'updateSupportPatient')!.input).toMatchObject({
      params: { id: 'p1' },
      body: { firstName: 'Jordan', lastName: 'Rivera-Diaz', dateOfBirth: '1988-07-14', phoneNumber: '6145550100' },
    });
  });

  it('offers only the phone number while supportDemographicsEdit is off for the agent', async () => {
    const user = aPerson();
    const record = {
      id: 'p1',
      userId,
      firstName: 'Jordan',
      lastName: 'Rivera',
      relationship: 'Self',
      isMinor: false,
      licenseKey: 'K',
      gender: null,
      dateOfBirth: '1988-07-14',
      phoneNumber: null,
      email: null,
    };
    renderScreen(<SupportUserSessionPage />, {
      path,
      at: `${path}?sessionId=s1`,
      groups: ['support'],
      answers: {
        getSupportSession: () => story,
        listPatientNotes: () => ({ items: [] }),
        getPatientNoteTypes: () => ({ items: [] }),
        getSupportPatient: () => ({
          patient: record,
          account: { id: userId, email: account.email, firstName: 'Jordan', lastName: 'Rivera', businessPartnerId: null },
          insurances: [],
          notes: [],
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: message('ui.support.details.edit', { name: 'Jordan Rivera' }) }));
    expect(await screen.findByLabelText(/Phone number/)).toBeTruthy();
    expect(screen.getByText(message('ui.support.details.identityOff'))).toBeTruthy();
    expect(screen.queryByLabelText(/Last name/)).toBeNull();
  });

  it('says so when the session is not one support may open', async () => {
    renderScreen(<SupportUserSessionPage />, {
      path,
      at: `${path}?sessionId=s1`,
      groups: ['third_party_support'],
      answers: {
        getSupportSession: () => {
          throw httpError('getSupportSession', 404, {});
        },
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(message('ui.support.session.notFound'));
  });
});
