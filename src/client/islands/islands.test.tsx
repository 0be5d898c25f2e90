/**
 * The islands of document pages, woken on the markup the server renders for them (the same
 * components in document mode), as a visitor uses them: buttons clicked, a form sent.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import howItWorks from '@/generated/content/how-it-works';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { createAppStore } from '../store';
import { AccountMenu } from '../app/AccountMenu';
import { HowItWorksCarousel } from '../features/landing/blocks';
import { DocumentModeContext } from '../runtime/ssr/document-mode';
import { account } from './account';
import { accountFaceHtml } from './account-face';
import { carousel } from './carousel';
import { islandAttribute, READER_ZONE_PARAM, REQUIRED_MESSAGE_ATTRIBUTE } from './names';
import { searchEntry } from './search-entry';
import { providerSearch } from './provider-search';
import { withHintedAccountLink } from '@/server/pages/account-link';

/** Markup as a document page has it, in the page. */
function documentMarkup(element: React.ReactElement): HTMLElement {
  const html = renderToStaticMarkup(
    <DocumentModeContext.Provider value={{ search: new URLSearchParams() }}>
      <Provider store={createAppStore()}>
        <StaticRouter location="/">{element}</StaticRouter>
      </Provider>
    </DocumentModeContext.Provider>,
  );
  document.body.innerHTML = html;
  return document.body;
}

describe('islands', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    jest.restoreAllMocks();
  });

  it('carousel: the controls hold their place until the island runs; next and previous move the current slide, round the ends', () => {
    const page = documentMarkup(<HowItWorksCarousel />);
    const root = page.querySelector<HTMLElement>('[data-island="carousel"]')!;
    const controls = root.querySelector<HTMLElement>('.carousel__controls')!;
    expect(controls.hasAttribute('data-pending')).toBe(true);
    const track = root.querySelector<HTMLElement>('.carousel__track')!;
    track.scrollTo = jest.fn();
    carousel(root);
    expect(controls.hasAttribute('data-pending')).toBe(false);
    const current = () => [...root.querySelectorAll('[aria-roledescription="slide"]')].findIndex((s) => s.getAttribute('aria-current') === 'true');
    fireEvent.click(screen.getByRole('button', { name: howItWorks.nextLabel }));
    expect(current()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: howItWorks.previousLabel }));
    fireEvent.click(screen.getByRole('button', { name: howItWorks.previousLabel }));
    expect(current()).toBe(howItWorks.slides.length - 1);
    expect(root.querySelectorAll('.carousel__dot--active')).toHaveLength(1);
  });

  it('search entry: an empty location is asked for (and the form not sent); typing clears it; a location sends the form as it is', () => {
    document.body.innerHTML = `<form action="/app/providers" method="get" ${Object.entries({
      ...islandAttribute('search-entry'),
      [REQUIRED_MESSAGE_ATTRIBUTE]: 'Enter a location',
    })
      .map(([k, v]) => `${k}="${v}"`)
      .join(
        ' ',
      )}><input name="location" aria-label="Location" aria-describedby="f-location-hint"><span id="f-location-hint"></span><span id="f-location-error" role="alert"></span><button type="submit">Find</button></form>`;
    const form = document.querySelector('form')!;
    searchEntry(form);
    const empty = new Event('submit', { cancelable: true });
    form.dispatchEvent(empty);
    expect(empty.defaultPrevented).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Enter a location');
    const field = screen.getByLabelText('Location');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe('f-location-hint f-location-error');
    fireEvent.input(field, { target: { value: 'Austin, TX' } });
    expect(screen.getByRole('alert').textContent).toBe('');
    const sent = new Event('submit', { cancelable: true });
    form.dispatchEvent(sent);
    expect(sent.defaultPrevented).toBe(false);
  });

  it('account: "Sign in" for a visitor; for a signed-in patient their account, leading to their home', async () => {
    const answer = (body: unknown) =>
      jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
    answer({ signedIn: false });
    documentMarkup(<AccountMenu />);
    const link = screen.getByRole('link', { name: message('ui.account.signIn') }) as HTMLAnchorElement;
    await account(link);
    expect(link.getAttribute('href')).toBe(routeById.login.path);

    jest.restoreAllMocks();
    const fetched = answer({
      signedIn: true,
      user: { id: 'u1', firstName: 'Jordan', lastName: 'Rivera', email: 'j@example.com', userType: 'patient' },
      groups: ['patient'],
    });
    documentMarkup(<AccountMenu />);
    const again = screen.getByRole('link', { name: message('ui.account.signIn') }) as HTMLAnchorElement;
    await account(again);
    await waitFor(() => expect(again.textContent).toBe(`${message('ui.account.menuLabel')}: Jordan`));
    // The same face the server writes into a signed-in person's copy of the page.
    expect(again.innerHTML).toBe(accountFaceHtml({ label: message('ui.account.menuLabel'), name: 'Jordan' }));
    expect(again.getAttribute('href')).toBe(routeById.patientHome.path);
    expect(String(fetched.mock.calls[0]![0])).toBe('/api/auth/session');
  });

  it('account: a link the server wrote from the signed-in hint stays while the session holds, and is "Sign in" again once it is over', async () => {
    const answer = (body: unknown) =>
      jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
    const hinted = () => {
      document.body.innerHTML = withHintedAccountLink(documentMarkup(<AccountMenu />).innerHTML, { firstName: 'Jordan', destination: 'patientDashboardHome' });
      return screen.getByRole('link', { name: `${message('ui.account.menuLabel')}: Jordan` }) as HTMLAnchorElement;
    };
    answer({ signedIn: true, user: { id: 'u1', firstName: 'Jordan', lastName: 'Rivera', email: 'j@example.com', userType: 'patient' }, groups: ['patient'] });
    const link = hinted();
    expect(link.getAttribute('href')).toBe(routeById.patientHome.path);
    const written = link.innerHTML;
    await account(link);
    expect(link.innerHTML).toBe(written);
    expect(link.textContent).toBe(`${message('ui.account.menuLabel')}: Jordan`);
    expect(link.hasAttribute('data-account-hint')).toBe(false);

    jest.restoreAllMocks();
    answer({ signedIn: false });
    const over = hinted();
    await account(over);
    expect(over.textContent).toBe(message('ui.account.signIn'));
    expect(over.getAttribute('href')).toBe(routeById.login.path);
  });

  it('provider search: a ticked box sends its form; "See open times" opens the provider\'s picker (a fragment) in a dialog, its filters and days load in place', async () => {
    document.body.innerHTML = `
      <div data-island="provider-search" data-search-address="/app/providers?state=TX">
        <form data-auto-submit method="get" action="/app/providers"><input type="checkbox" name="availability_type" value="online"></form>
        <button type="button" data-times-href="/app/providers/times/p1/pr1?selfPay=true" data-times-title="Open times with Ada Lane" data-profile-href="/provider/tx/ada-lane" data-pending>See open times</button>
        <dialog data-times-dialog aria-labelledby="t"><h2 id="t" data-times-title></h2><div data-times-body></div>
          <template data-times-loading><p>Loading</p></template><template data-times-error><p>Failed</p></template>
          <a data-times-profile href="#">View full profile</a></dialog>
      </div>`;
    const root = document.querySelector<HTMLElement>('[data-island="provider-search"]')!;
    const dialog = root.querySelector('dialog')!;
    dialog.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    // The fragment: the picker alone, as the server renders it (no page around it).
    const picker = (slotTime: string) =>
      `<div id="open-times" class="slot-picker"><form class="slot-picker__filters" method="get" action="#open-times">` +
      `<input type="hidden" name="selfPay" value="true"><select name="slotTime"><option value="">Any</option><option value="afternoon">Afternoon</option></select>` +
      `<button class="slot-picker__show" type="submit">Show times</button></form><a class="slot-button" href="/app/bookings/verify-user?x=${slotTime}">10:00 AM</a>` +
      `<nav class="slot-picker__paging"><a href="?selfPay=true&slotRange=1#open-times">Later days</a></nav></div>`;
    const asked: string[] = [];
    jest.spyOn(window, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input));
      asked.push(`${url.pathname}${url.search}`);
      return new Response(picker(url.searchParams.get('slotTime') ?? 'any'), { status: 200 });
    });
    const submitted = jest.spyOn(HTMLFormElement.prototype, 'requestSubmit').mockImplementation(() => undefined);
    providerSearch(root);
    expect(window.location.pathname + window.location.search).toBe('/app/providers?state=TX');

    fireEvent.click(root.querySelector('input[type="checkbox"]')!);
    expect(submitted).toHaveBeenCalledTimes(1);
    submitted.mockRestore();

    const button = screen.getByRole('button', { name: 'See open times' });
    expect(button.hasAttribute('data-pending')).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(dialog.querySelector('.slot-button')?.getAttribute('href')).toContain('x=any'));
    expect(dialog.querySelector('[data-times-title]')!.textContent).toBe('Open times with Ada Lane');
    expect(dialog.querySelector<HTMLAnchorElement>('[data-times-profile]')!.getAttribute('href')).toBe('/provider/tx/ada-lane');
    // The dialog shows a new view as soon as a filter changes: the picker's own button is not in it.
    expect(dialog.querySelector('.slot-picker__show')).toBeNull();
    // The times are asked for in the visitor's own zone (the browser's): the server cannot know it otherwise.
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(asked).toEqual([`/app/providers/times/p1/pr1?selfPay=true&${READER_ZONE_PARAM}=${encodeURIComponent(browserZone)}`]);

    fireEvent.change(dialog.querySelector('select')!, { target: { value: 'afternoon' } });
    await waitFor(() => expect(dialog.querySelector('.slot-button')?.getAttribute('href')).toContain('x=afternoon'));
    expect(asked[1]).toBe('/app/providers/times/p1/pr1?selfPay=true&slotTime=afternoon');

    fireEvent.click(screen.getByRole('button', { name: 'Later days' }));
    await waitFor(() => expect(asked).toHaveLength(3));
    expect(asked[2]).toBe('/app/providers/times/p1/pr1?selfPay=true&slotRange=1');
  });
});
