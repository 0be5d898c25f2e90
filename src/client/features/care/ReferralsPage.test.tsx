import { act, fireEvent, screen, within } from '@testing-library/react';
import { flagsServed, userFlagsReset } from '@/client/store/flags/slice';
import { routeById } from '@/generated/routes';
import clientForm from '@/generated/forms/care-referral-client';
import answerForm from '@/generated/forms/care-referral-answer';
import referralForm from '@/generated/forms/referral';
import type { RequestInput } from '@/generated/client/api';
import { message, messageIn } from '@/domain/messages';
import { setLocaleSource } from '@/domain/locale';
import { addDaysIso, formatUsDate, todayIso } from '@/domain/dates';
import { specFieldTitle, specSubmitLabel } from '@tests/support/spec-form';
import { renderScreen } from '@tests/support/screen-kit';
import ReferralsPage from './ReferralsPage';
import MakeReferralPage from './MakeReferralPage';
import { enumLabelOf } from '@/domain/translations';
import * as careEnums from '@/generated/enums/care';

const morgan = { id: 'pr1', firstName: 'Morgan', lastName: 'Lee', title: 'LCSW' };
const drew = { id: 'pr2', firstName: 'Drew', lastName: 'Patel', title: 'PMHNP' };
const referral = (over: Record<string, unknown>) => ({
  id: 'r1',
  version: 1,
  state: 'pending',
  direction: 'received',
  client: { id: 'p1', firstName: 'Jordan', lastName: 'Rivera' },
  fromProvider: morgan,
  toProvider: drew,
  referralReason: 'Medication review',
  authorization: { authorizationNumber: 'AUTH-1', effectiveDate: '2026-12-01', expirationDate: '2027-03-01' },
  createdAt: '2026-11-20T15:00:00.000Z',
  decidedAt: null,
  declineReason: null,
  ...over,
});

describe('ReferralsPage', () => {
  it('shows received referrals with a way to answer, and sent ones with where they stand', async () => {
    renderScreen(<ReferralsPage />, {
      path: routeById.careReferrals.path,
      groups: ['clinicians'],
      answers: {
        listReferrals: () => ({
          received: [referral({})],
          sent: [
            referral({
              id: 'r2',
              direction: 'sent',
              state: 'declined',
              declineReason: 'Caseload full',
              client: { id: 'p2', firstName: 'Mia', lastName: 'Rivera' },
            }),
          ],
        }),
      },
    });
    const received = await screen.findByRole('region', { name: message('ui.care.referrals.received') });
    const item = within(received).getByRole('listitem');
    expect(item.textContent).toContain('Jordan Rivera');
    expect(item.textContent).toContain(enumLabelOf(careEnums.referralState, 'pending'));
    expect(within(item).getByRole('button', { name: specSubmitLabel(answerForm) })).toBeTruthy();
    const sent = screen.getByRole('region', { name: message('ui.care.referrals.sent') });
    expect(within(sent).getByRole('listitem').textContent).toContain(message('ui.care.referrals.declinedBecause', { reason: 'Caseload full' }));
    expect(within(sent).queryByRole('button')).toBeNull();
  });

  it('accepts with the form button, and declines with the reason typed (a blank reason is not sent)', async () => {
    const decided: RequestInput[] = [];
    renderScreen(<ReferralsPage />, {
      path: routeById.careReferrals.path,
      groups: ['clinicians'],
      answers: {
        listReferrals: () => ({
          received: [referral({}), referral({ id: 'r3', version: 4, client: { id: 'p3', firstName: 'Sam', lastName: 'Rivera' } })],
          sent: [],
        }),
        decideReferral: (input) => {
          decided.push(input);
          const body = input.body as { decision: string };
          return referral({ state: body.decision === 'accept' ? 'accepted' : 'declined' });
        },
      },
    });
    const received = await screen.findByRole('region', { name: message('ui.care.referrals.received') });
    const [first, second] = within(received).getAllByRole('listitem');
    fireEvent.change(within(first!).getByLabelText(specFieldTitle(answerForm, 'reason'), { exact: false }), { target: { value: '   ' } });
    fireEvent.click(within(first!).getByRole('button', { name: specSubmitLabel(answerForm) }));
    expect(await screen.findByText(message('ui.care.referrals.acceptedToast', { client: 'Jordan Rivera' }))).toBeTruthy();
    fireEvent.change(within(second!).getByLabelText(specFieldTitle(answerForm, 'reason'), { exact: false }), { target: { value: 'Caseload full' } });
    fireEvent.click(within(second!).getByRole('button', { name: message('ui.care.referrals.decline') }));
    expect(await screen.findByText(message('ui.care.referrals.declinedToast', { client: 'Jordan Rivera' }))).toBeTruthy();
    expect(decided).toEqual([
      { params: { id: 'r1' }, body: { decision: 'accept', version: 1 } },
      { params: { id: 'r3' }, body: { decision: 'decline', reason: 'Caseload full', version: 4 } },
    ]);
  });

  it('says what to do when there are none yet', async () => {
    renderScreen(<ReferralsPage />, {
      path: routeById.careReferrals.path,
      groups: ['clinicians'],
      answers: { listReferrals: () => ({ received: [], sent: [] }) },
    });
    expect(await screen.findByText(message('ui.care.referrals.noneReceived'))).toBeTruthy();
    expect(screen.getByText(message('ui.care.referrals.noneSent'))).toBeTruthy();
  });
});

describe('MakeReferralPage', () => {
  it('says what to do when the clinician has no clients yet', async () => {
    renderScreen(<MakeReferralPage />, {
      path: routeById.careMakeReferral.path,
      groups: ['clinicians'],
      answers: { listCareClients: () => ({ items: [] }) },
    });
    expect(await screen.findByText(message('ui.care.referrals.noClients'))).toBeTruthy();
  });

  it('refuses to send without a client or a provider chosen', async () => {
    renderScreen(<MakeReferralPage />, {
      path: routeById.careMakeReferral.path,
      groups: ['clinicians'],
      answers: {
        listCareClients: () => ({
          items: [{ id: 'p1', firstName: 'Jordan', lastName: 'Rivera' }],
        }),
      },
    });
    const send = await screen.findByRole('button', { name: 'Send referral' });
    fireEvent.click(send);
    expect(await screen.findByText(message('referral.clientRequired'))).toBeTruthy();
    expect(screen.getByText(message('referral.providerRequired'))).toBeTruthy();
    expect(screen.getByText(message('validation.authorization.referralReason.required'))).toBeTruthy();
  });

  it('chooses the client by name, finds the colleague for them, fills the authorization and sends all of it', async () => {
    const JORDAN = '00000000-0000-4000-8000-00000000000a';
    const MIA = '00000000-0000-4000-8000-00000000000b';
    const DREW = '00000000-0000-4000-8000-00000000000c';
    const sent: RequestInput[] = [];
    const { calls } = renderScreen(<MakeReferralPage />, {
      path: routeById.careMakeReferral.path,
      groups: ['clinicians'],
      answers: {
        listCareClients: () => ({
          items: [
            { id: JORDAN, firstName: 'Jordan', lastName: 'Rivera' },
            { id: MIA, firstName: 'Mia', lastName: 'Rivera' },
          ],
        }),
        searchReferringProviders: () => ({ items: [{ ...drew, id: DREW, credential: 'PMHNP' }] }),
        makeReferral: (input) => {
          sent.push(input);
          return { id: 'r9' };
        },
      },
    });
    const choice = await screen.findByLabelText(specFieldTitle(clientForm, 'patientId'));
    fireEvent.click(screen.getByRole('button', { name: specSubmitLabel(clientForm) }));
    expect(await screen.findByText(message('referral.clientRequired'), { selector: '.field__error' })).toBeTruthy();

    fireEvent.change(choice, { target: { value: MIA } });
    fireEvent.click(screen.getByRole('button', { name: specSubmitLabel(clientForm) }));
    expect(await screen.findByText(message('ui.care.referrals.chosenClient', { client: 'Mia Rivera' }))).toBeTruthy();
    const search = screen.getByLabelText(message('ui.care.referrals.providerSearch'));
    expect(document.activeElement).toBe(search);
    fireEvent.change(search, { target: { value: 'Patel' } });
    fireEvent.click(await screen.findByRole('button', { name: message('ui.care.referrals.referTo', { provider: 'Drew Patel, PMHNP' }) }));
    expect(calls.find((c) => c.id === 'searchReferringProviders')?.input.params).toEqual({ id: MIA });

    const today = todayIso();
    const fill = (path: string, value: string) => fireEvent.change(screen.getByLabelText(specFieldTitle(referralForm, path)), { target: { value } });
    fill('personalInformation.gender', 'Female');
    fill('personalInformation.memberId', '1234');
    fill('referralInformation.referralReason', 'Trauma-focused therapy');
    fill('referralInformation.effectiveDate', formatUsDate(today));
    fill('referralInformation.expirationDate', formatUsDate(addDaysIso(today, 90)));
    fill('referralInformation.insuranceCarrier', 'Aetna');
    fill('authorizationInformation.authorizationNumber', 'AUTH-9');
    fill('authorizationInformation.authorizationDescription', 'Twelve sessions');
    fireEvent.click(screen.getByRole('button', { name: specSubmitLabel(referralForm) }));
    expect(await screen.findByTestId('where')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      patientId: MIA,
      toProviderId: DREW,
      form: expect.objectContaining({
        personalInformation: expect.objectContaining({ gender: 'Female', memberId: '1234' }),
        authorizationInformation: { authorizationNumber: 'AUTH-9', authorizationDescription: 'Twelve sessions' },
      }),
    });
  });

  it('in Spanish, names the client choice in Spanish and says so when none is chosen; another client can be chosen again', async () => {
    setLocaleSource(() => 'es');
    try {
      renderScreen(<MakeReferralPage />, {
        path: routeById.careMakeReferral.path,
        groups: ['clinicians'],
        answers: {
          listCareClients: () => ({ items: [{ id: '00000000-0000-4000-8000-00000000000a', firstName: 'Jordan', lastName: 'Rivera' }] }),
        },
      });
      // The form's Spanish copy (care-referral-client.es.yaml).
      const choice = await screen.findByLabelText('Cliente');
      fireEvent.click(screen.getByRole('button', { name: 'Elegir cliente' }));
      expect(await screen.findByText(messageIn('es', 'referral.clientRequired'), { selector: '.field__error' })).toBeTruthy();
      fireEvent.change(choice, { target: { value: '00000000-0000-4000-8000-00000000000a' } });
      fireEvent.click(screen.getByRole('button', { name: 'Elegir cliente' }));
      expect(await screen.findByText(messageIn('es', 'ui.care.referrals.chosenClient', { client: 'Jordan Rivera' }))).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: messageIn('es', 'ui.care.referrals.changeClient') }));
      expect(((await screen.findByLabelText('Cliente')) as HTMLSelectElement).value).toBe('00000000-0000-4000-8000-00000000000a');
    } finally {
      setLocaleSource(() => undefined);
    }
  });
});

describe('the care navigation', () => {
  it('links to Referrals only while the referrals flag is on', async () => {
    const { store } = renderScreen(<ReferralsPage />, {
      path: routeById.careReferrals.path,
      groups: ['clinicians'],
      answers: { listReferrals: () => ({ received: [], sent: [] }) },
    });
    await screen.findByText(message('ui.care.referrals.noneSent'));
    const nav = () => screen.queryByRole('navigation', { name: message('ui.care.nav.label') });
    act(() => store.dispatch(flagsServed({ traffic: 'user', variants: { referrals: { name: 'on', enabled: true } } })));
    expect(within(nav()!).getByRole('link', { name: routeById.careReferrals.title })).toBeTruthy();
    act(() => store.dispatch(userFlagsReset(undefined)));
    act(() => store.dispatch(flagsServed({ traffic: 'user', variants: { referrals: { name: 'off', enabled: true } } })));
    expect(within(nav()!).queryByRole('link', { name: routeById.careReferrals.title })).toBeNull();
  });
});
