import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { aPerson } from '@tests/support/person';
import * as placesConstants from '@/generated/constants/places';
import { errorCatalogue } from '@/generated/errors';
import { routeById } from '@/generated/routes';
import { fillPlaceholders, message } from '@/domain/messages';
import { formatCents } from '@/domain/money';
import { formatPhone } from '@/domain/phone';
import type { RequestInput } from '@/generated/client/api';
import PatientBillingPage from './PatientBillingPage';
import { httpError, inHours, renderScreen, sessionFixture, testUser, zone, type FakeAnswer } from './test-kit';
import { formatSessionTime } from '@/domain/date-format';

const path = routeById.patientBilling.path;
const self = { id: '55555555-5555-4555-8555-555555555555', firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self' };
const child = { id: '66666666-6666-4666-8666-666666666666', firstName: 'Mia', lastName: 'Rivera', relationship: 'Child', dateOfBirth: '2015-03-02' };
const visa = {
  id: '77777777-7777-4777-8777-777777777777',
  patientId: self.id,
  brand: 'Visa',
  last4: '1111',
  expirationMonth: 12,
  expirationYear: 2030,
  isDefault: true,
};
const feeCents = 7500;
const lateCancelled = sessionFixture({
  start: inHours(20),
  status: 'cancelled',
  amountDueCents: feeCents,
  cancellation: { reasonId: 'r1', reason: 'Schedule conflict', note: null, at: inHours(-1), late: true, feeCents, feeStatus: 'outstanding' },
});
const when = formatSessionTime(lateCancelled.start, zone);
const fee = formatCents(feeCents);
const declinedText = fillPlaceholders(errorCatalogue.CARD_DECLINED.message, { phone: formatPhone(placesConstants.supportPhone) });

function answers(over: { due?: boolean; cards?: (typeof visa)[] } = {}): Record<string, FakeAnswer> {
  let due = over.due ?? true;
  return {
    getUserDetails: () => ({
      ...testUser,
      dateOfBirth: '1988-07-14',
      businessPartnerId: null,
      isPartnerAssociationActive: false,
      phoneNumber: null,
      address: { line1: '12 High St', city: 'Columbus', state: 'OH', zipcode: '43215' },
    }),
    getUserPatients: () => ({ items: [self, child] }),
    listPaymentReceipts: () => ({ items: [], startDate: '2026-01-01', endDate: '2026-12-31' }),
    listPatientCards: (input: RequestInput) => ({ items: (over.cards ?? [visa]).filter((c) => c.patientId === (input.params as { id: string }).id) }),
    listAppointments: (input: RequestInput) => ({ items: (input.query as { when: string }).when === 'upcoming' && due ? [lateCancelled] : [] }),
    getPaymentGateway: () => ({ gateway: 'local' }),
    payAppointment: () => {
      due = false;
      return {
        paymentId: '88888888-8888-4888-8888-888888888888',
        status: 'succeeded',
        amountCents: feeCents,
        appointmentId: lateCancelled.id,
        amountDueCents: 0,
        payment: {},
      };
    },
  };
}

async function fillTestCard(user: UserEvent, dialog: HTMLElement) {
  const d = within(dialog);
  await user.type(d.getByLabelText('Card number'), '4111111111111111');
  await user.type(d.getByLabelText('Expiration (MM/YY)'), '12/30');
  await user.type(d.getByLabelText('CVC'), '123');
}

describe('PatientBillingPage', () => {
  it('lists a late-cancellation fee that is due and pays it with the card on file, once', async () => {
    const user = aPerson();
    const { calls } = renderScreen(<PatientBillingPage />, { path, answers: answers(), sagas: true });
    const due = await screen.findByText(message('ui.patient.billing.dueFee', { when, provider: 'Morgan Lee, LCSW' }));
    expect(due).toBeTruthy();
    await user.click(screen.getByRole('button', { name: message('ui.patient.billing.pay', { amount: fee }) }));
    const dialog = await screen.findByRole('dialog', { name: message('ui.patient.pay.heading') });
    const onFile = await within(dialog).findByRole('radio', { name: message('ui.patient.billing.card', { brand: 'Visa', last4: '1111' }) });
    expect((onFile as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: message('ui.patient.billing.pay', { amount: fee }) }));

    expect(await screen.findByText(message('ui.patient.pay.done', { amount: fee, when }))).toBeTruthy();
    const paid = calls.filter((c) => c.id === 'payAppointment');
    expect(paid).toHaveLength(1);
    expect(paid[0]!.input).toEqual({ params: { id: lateCancelled.id }, body: { cardId: visa.id } });
    expect(paid[0]!.options?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls.some((c) => c.id === 'tokenizeCard')).toBe(false);
    expect(await screen.findByText(message('ui.patient.billing.dueNone'))).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('pays with another card, keeping it on file, and shows a declined card in the words of the catalogue', async () => {
    const user = aPerson();
    let declined = true;
    const base = answers({ cards: [] });
    const { calls } = renderScreen(<PatientBillingPage />, {
      path,
      sagas: true,
      answers: {
        ...base,
        tokenizeCard: () => ({ nonce: declined ? 'nonce-declined' : 'nonce-good', brand: 'Visa', last4: '1111', expirationMonth: 12, expirationYear: 2030 }),
        payAppointment: (input) => {
          if (declined) throw httpError('payAppointment', 402, { errorCode: 'CARD_DECLINED', description: declinedText });
          return base.payAppointment!(input);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: message('ui.patient.billing.pay', { amount: fee }) }));
    const dialog = await screen.findByRole('dialog', { name: message('ui.patient.pay.heading') });
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect((within(dialog).getByRole('checkbox', { name: message('ui.patient.pay.saveCard') }) as HTMLInputElement).checked).toBe(true);
    await fillTestCard(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: message('ui.patient.billing.pay', { amount: fee }) }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(declinedText);

    declined = false;
    await user.click(within(dialog).getByRole('button', { name: message('ui.patient.billing.pay', { amount: fee }) }));
    expect(await screen.findByText(message('ui.patient.pay.done', { amount: fee, when }))).toBeTruthy();
    const paid = calls.filter((c) => c.id === 'payAppointment');
    expect(paid.map((c) => c.input.body)).toEqual([
      { nonce: 'nonce-declined', saveCard: true },
      { nonce: 'nonce-good', saveCard: true },
    ]);
    // A refused card ends that attempt: the next one is a new request under a new key.
    expect(new Set(paid.map((c) => c.options?.idempotencyKey)).size).toBe(2);
  });

  it('says nothing is due, and adds a card for a dependant as the default card', async () => {
    const user = aPerson();
    const { calls } = renderScreen(<PatientBillingPage />, {
      path,
      answers: {
        ...answers({ due: false }),
        tokenizeCard: () => ({ nonce: 'nonce-new', brand: 'Mastercard', last4: '4444', expirationMonth: 1, expirationYear: 2031 }),
        savePatientCard: () => ({
          id: '99999999-9999-4999-8999-999999999999',
          patientId: child.id,
          brand: 'Mastercard',
          last4: '4444',
          expirationMonth: 1,
          expirationYear: 2031,
          isDefault: true,
        }),
      },
    });
    expect(await screen.findByText(message('ui.patient.billing.dueNone'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: message('ui.patient.billing.addCard') }));
    const dialog = await screen.findByRole('dialog', { name: message('ui.patient.addCard.heading') });
    await user.selectOptions(await within(dialog).findByLabelText(message('ui.patient.addCard.patient')), child.id);
    await user.click(within(dialog).getByRole('checkbox', { name: message('ui.patient.addCard.makeDefault') }));
    await fillTestCard(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: message('ui.patient.addCard.save') }));

    expect(await screen.findByText(message('ui.patient.addCard.saved', { brand: 'Mastercard', last4: '4444' }))).toBeTruthy();
    expect(calls.find((c) => c.id === 'tokenizeCard')?.input.body).toMatchObject({
      number: '4111111111111111',
      expiration: '12/30',
      cvv: '123',
      zipcode: '43215',
    });
    expect(calls.find((c) => c.id === 'savePatientCard')?.input.body).toEqual({ patientId: child.id, nonce: 'nonce-new', makeDefault: true });
    await waitFor(() => expect(calls.filter((c) => c.id === 'listPatientCards').length).toBeGreaterThan(2));
  });

  it('says when the account cannot be read for a new card, and shows the card form once trying again works', async () => {
    const user = aPerson();
    let failing = true;
    renderScreen(<PatientBillingPage />, {
      path,
      answers: {
        ...answers({ due: false }),
        getUserDetails: (input: RequestInput) => {
          if (failing) throw httpError('getUserDetails', 403, { errorCode: 'FORBIDDEN', description: 'No' });
          return answers().getUserDetails!(input);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: message('ui.patient.billing.addCard') }));
    const dialog = await screen.findByRole('dialog', { name: message('ui.patient.addCard.heading') });
    const retry = await within(dialog).findByRole('button', { name: message('ui.patient.retry') });
    expect(within(dialog).queryByLabelText('Card number')).toBeNull();
    failing = false;
    await user.click(retry);
    expect(await within(dialog).findByLabelText('Card number')).toBeTruthy();
  });

  it('lists the Good Faith Estimates as issued, newest first, and says which one a newer one replaces', async () => {
    const estimate = (number: string, totalCents: number, replacesNumber: string | null) => ({
      number,
      appointmentId: lateCancelled.id,
      issuedAt: inHours(-2),
      dueBy: '2026-12-01',
      patientName: 'Jordan Rivera',
      providerName: 'Morgan Lee, LCSW',
      service: 'Individual Counseling',
      serviceStart: lateCancelled.start,
      totalCents,
      replacesNumber,
    });
    renderScreen(<PatientBillingPage />, {
      path,
      answers: {
        ...answers({ due: false }),
        listGoodFaithEstimates: () => ({ items: [estimate('GFE-000002', 390000, 'GFE-000001'), estimate('GFE-000001', 507000, null)] }),
      },
    });
    const section = (await screen.findByRole('heading', { name: message('ui.patient.billing.estimates') })).closest('section')!;
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((i) => within(i).getByText(/GFE-\d+ ·/).textContent)).toEqual([
      message('ui.patient.billing.estimateTitle', { number: 'GFE-000002', total: formatCents(390000) }),
      message('ui.patient.billing.estimateTitle', { number: 'GFE-000001', total: formatCents(507000) }),
    ]);
    expect(within(items[0]!).getByText(message('ui.patient.billing.estimateReplaces', { number: 'GFE-000001' }))).toBeTruthy();
    expect(within(items[1]!).queryByText(/GFE-000001.*GFE/)).toBeNull();
    expect(within(items[0]!).getByRole('button', { name: message('ui.patient.billing.estimateDownload', { number: 'GFE-000002' }) })).toBeTruthy();
  });

  it('says when no estimate was issued yet', async () => {
    renderScreen(<PatientBillingPage />, { path, answers: { ...answers({ due: false }), listGoodFaithEstimates: () => ({ items: [] }) } });
    expect(await screen.findByText(message('ui.patient.billing.estimatesNone'))).toBeTruthy();
  });
});
