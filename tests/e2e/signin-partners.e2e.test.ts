/** The partner directory and partnership-code verification in a real browser, keyboard included, with axe-core. */
import { errorCatalogue } from '@/generated/errors';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { baseUrl, useBrowser } from './harness';
import { screenshots, wcagViolations } from './signin-support';

const code = demoAccounts.find((a) => a.role === 'Partner member')!.partnershipCode!;

describe('partners', () => {
  const session = useBrowser();

  it('lists the partners and confirms a partnership code entered under its partner', async () => {
    const { page } = session();
    const { partner } = (await (await fetch(`${baseUrl()}/api/business-partners/partnershipCode/${code}`)).json()) as {
      partner: { name: string; customFailureMessage?: string | null };
    };
    const { total } = (await (await fetch(`${baseUrl()}/api/business-partners?offset=0&limit=1`)).json()) as { total: number };
    await page.goto(routeById.partnerDirectory.path);
    await page.getByRole('heading', { level: 1, name: message('ui.partners.heading') }).waitFor();
    await page.getByRole('heading', { level: 2, name: partner.name }).waitFor();
    expect(
      await page
        .getByRole('list', { name: message('ui.partners.heading') })
        .getByRole('listitem')
        .count(),
    ).toBe(Math.min(total, 10));
    expect(await wcagViolations(page)).toEqual([]);
    await screenshots(page, 'partners');

    const field = page.getByLabel(message('ui.partners.codeFor', { partner: partner.name }));
    await field.fill('NOT-THE-CODE');
    await field.press('Enter');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: partner.name }) });
    await card.getByRole('alert').filter({ hasText: /\S/ }).waitFor();
    // The partner's own failure message when it has one, else the catalogue's.
    expect(await card.getByRole('alert').textContent()).toBe(partner.customFailureMessage || errorCatalogue.PARTNERSHIP_CODE_INVALID.message);

    await field.fill(code.toLowerCase());
    await field.press('Enter');
    await page.waitForURL(`**${routeById.partnerVerificationSuccess.path}?partnershipCode=${code}`);
    const next = page.getByRole('main').getByRole('link', { name: message('ui.partners.continue') });
    await next.waitFor();
    expect(await next.getAttribute('href')).toBe(`${routeById.providerSearch.path}?partnershipCode=${code}`);
    expect(await wcagViolations(page)).toEqual([]);
    await screenshots(page, 'partner-verified');
  });
});
