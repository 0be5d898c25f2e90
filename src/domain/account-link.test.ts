import { accountHolderOf, accountLinkOf, isPostLoginDestination, signedInAccountLink } from './account-link';
import { postLoginDestinations, type PostLoginRoutes } from './roles';

const destinations = Object.fromEntries(postLoginDestinations.map((d) => [d, `/to/${d}`])) as PostLoginRoutes;

describe('the header account link', () => {
  it('a signed-in person: their first name, to the area their roles land them in', () => {
    expect(accountHolderOf({ signedIn: true, user: { firstName: 'Ana' }, groups: ['clinicians', 'patient'] })).toEqual({
      firstName: 'Ana',
      destination: 'careSchedule',
    });
    expect(signedInAccountLink({ signedIn: true, user: { firstName: 'Jo' }, groups: ['patient'] }, destinations, 'Account')).toEqual({
      href: '/to/patientDashboardHome',
      text: 'Account: Jo',
      label: 'Account',
      name: 'Jo',
    });
  });

  it('nobody signed in, or a destination the page does not have: no link (the sign-in link stays)', () => {
    expect(accountHolderOf({ signedIn: false })).toBeUndefined();
    expect(accountHolderOf({ signedIn: true })).toBeUndefined();
    expect(accountLinkOf({ firstName: 'Jo', destination: 'toString' as never }, destinations, 'Account')).toBeUndefined();
    expect(isPostLoginDestination('https://elsewhere.example')).toBe(false);
    expect(isPostLoginDestination('loginDashboard')).toBe(true);
  });
});
