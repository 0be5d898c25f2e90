import { act, fireEvent, screen, within } from '@testing-library/react';
import { flagsServed, userFlagsReset } from '@/client/store/flags/slice';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
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
    expect(within(item).getByRole('button', { name: message('ui.care.referrals.accept') })).toBeTruthy();
    const sent = screen.getByRole('region', { name: message('ui.care.referrals.sent') });
    expect(within(sent).getByRole('listitem').textContent).toContain(message('ui.care.referrals.declinedBecause', { reason: 'Caseload full' }));
    expect(within(sent).queryByRole('button')).toBeNull();
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
