import { message } from '@/domain/messages';
import { accountFaceHtml } from '@/client/islands/account-face';
import { hasAccountLink, withAccountLink, withHintedAccountLink } from './account-link';

const destinations = {
  careSchedule: '/app/care/schedule',
  careProviderRequests: '/app/care/requests',
  supportDashboard: '/app/support',
  providerSearch: '/app/providers',
  loginDashboard: '/app/dashboard',
  patientDashboardHome: '/app/patient',
};
const label = message('ui.account.menuLabel');
const page = `<header><a class="btn btn--ghost account-menu__signin" href="/app/login" data-island="account" data-destinations="${JSON.stringify(destinations).replace(/"/g, '&quot;')}" data-account-label="${label}">Sign in</a></header><main>x</main>`;

describe('the account link a signed-in person sees on a document page', () => {
  it('names the person and leads to their own area, marked settled for the island', () => {
    expect(hasAccountLink(page)).toBe(true);
    const html = withAccountLink(page, { signedIn: true, user: { firstName: 'Jordan' }, groups: ['patient'] });
    // Drawn as the app's account button (the initial; the name where it fits), named "<label>: Jordan".
    expect(html).toContain(`>${accountFaceHtml({ label, name: 'Jordan' })}</a>`);
    expect(html).toContain(`<span class="account-menu__avatar" data-initial="J" aria-hidden="true"></span>`);
    expect(html).toContain(`<span class="visually-hidden">${label}: </span>Jordan</span></a>`);
    expect(html).not.toContain('href="/app/login"');
    expect(html).toContain('data-account-settled=""');
    expect(html).toContain('href="/app/patient"');
    expect(html.endsWith('</header><main>x</main>')).toBe(true);
  });

  it('escapes the name; a visitor or a page without the link is left as it was', () => {
    const escaped = withAccountLink(page, { signedIn: true, user: { firstName: '<b>&' }, groups: ['patient'] });
    expect(escaped).toContain(`${label}: </span>&lt;b&gt;&amp;</span></a>`);
    expect(escaped).toContain('data-initial="&lt;"');
    expect(escaped).not.toContain('<b>');
    expect(withAccountLink(page, { signedIn: false })).toBe(page);
    expect(withAccountLink('<main>no header</main>', { signedIn: true, user: { firstName: 'J' }, groups: ['patient'] })).toBe('<main>no header</main>');
    expect(hasAccountLink('<main>no header</main>')).toBe(false);
  });
});

describe('the account link written from the signed-in hint (no session came with the request)', () => {
  it('names the holder and leads to their own area, keeping the sign-in link for the island to put back', () => {
    const html = withHintedAccountLink(page, { firstName: 'Jordan', destination: 'patientDashboardHome' });
    expect(html).toContain(`>${accountFaceHtml({ label, name: 'Jordan' })}</a>`);
    expect(html).toContain('href="/app/patient"');
    expect(html).not.toContain('data-account-settled');
    const hint = /data-account-hint="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"');
    expect(JSON.parse(hint)).toEqual({ href: '/app/login', text: 'Sign in' });
  });

  it('leads only to one of the page’s own destinations', () => {
    expect(withHintedAccountLink(page, { firstName: 'J', destination: 'elsewhere' as never })).toBe(page);
  });
});
