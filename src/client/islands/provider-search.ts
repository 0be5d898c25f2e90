/**
 * Provider search's document page (src/client/features/visitor/SearchDocument.tsx). The page works
 * without this script: its filters and order are GET forms, its paging and chips links. The island
 * adds what needs code: a form is sent as soon as a box is ticked or the order chosen (the filters'
 * dialog opens again on the new page, at the same box), the filters open in a dialog on phones and their
 * disclosure beside the results opens on wide screens,
 * "See open times" opens a dialog with the provider's picker (the profile's own, fetched alone with
 * the search's context: a fragment of a few KB the server caches, ProviderTimesFragment.tsx; its
 * filters and days are loaded in place), whose times are links into the booking flow. A typed place's address becomes the search's (state, coordinates),
 * and a page of results opened from the paging starts at the results heading.
 */
import { PENDING_ATTRIBUTE, READER_ZONE_PARAM, SEARCH_ATTRIBUTES as A } from './names';
import { openFiltersOnWideScreens } from './filters-disclosure';

const REOPEN_FILTERS_KEY = 'provider-search:filters-open';
/** The picker in a fetched fragment of provider times (SLOT_PICKER_ANCHOR of src/domain/slot-view.ts). */
const PICKER_SELECTOR = '#open-times';
const RESULTS_HEADING_ID = 'results-heading';
/** On the dialog's earlier/later buttons: the view's address (the picker's link, relative to the profile). */
const VIEW_HREF_ATTRIBUTE = 'data-view-href';

function open(dialog: HTMLDialogElement): void {
  if (!dialog.open) dialog.showModal();
}

function closeOnBackdropAndButtons(dialog: HTMLDialogElement): void {
  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target === dialog || target.closest(`[${A.close}]`)) dialog.close();
  });
}

function autoSubmit(root: HTMLElement, filtersDialog: HTMLDialogElement | null): void {
  for (const form of root.querySelectorAll<HTMLFormElement>(`form[${A.autoSubmit}]`)) {
    form.addEventListener('change', (event) => {
      const field = event.target as HTMLInputElement;
      if (filtersDialog?.contains(form)) sessionStorage.setItem(REOPEN_FILTERS_KEY, `${field.name}=${field.value}`);
      form.requestSubmit();
    });
  }
  const reopen = sessionStorage.getItem(REOPEN_FILTERS_KEY);
  if (reopen && filtersDialog) {
    sessionStorage.removeItem(REOPEN_FILTERS_KEY);
    const [name, value] = reopen.split('=', 2) as [string, string];
    open(filtersDialog);
    const box = [...filtersDialog.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((b) => b.name === name && b.value === value);
    box?.focus();
  }
}

/** The availability dialog: loads a provider's picker and keeps its filter changes and day paging inside the dialog. */
function timesDialog(root: HTMLElement): void {
  const dialog = root.querySelector<HTMLDialogElement>(`dialog[${A.timesDialog}]`);
  const body = dialog?.querySelector<HTMLElement>(`[${A.timesBody}]`);
  const title = dialog?.querySelector<HTMLElement>(`[${A.timesTitle}]`);
  const profile = dialog?.querySelector<HTMLAnchorElement>(`[${A.timesProfile}]`);
  const loading = dialog?.querySelector<HTMLTemplateElement>(`template[${A.timesLoading}]`);
  const failed = dialog?.querySelector<HTMLTemplateElement>(`template[${A.timesError}]`);
  if (!dialog || !body || !title || !profile || !loading || !failed) return;
  closeOnBackdropAndButtons(dialog);
  let current = '';
  let opener: HTMLElement | null = null;
  dialog.addEventListener('close', () => {
    current = '';
    opener?.focus();
  });

  const show = async (url: URL) => {
    current = url.href;
    const focused = document.activeElement instanceof HTMLElement && body.contains(document.activeElement) ? document.activeElement : null;
    const focusName = focused?.getAttribute('name');
    const pagingText = focused?.hasAttribute(VIEW_HREF_ATTRIBUTE) ? focused.textContent : null;
    body.setAttribute('aria-busy', 'true');
    // The times shown are of the view before: not to be chosen while the new ones load.
    const before = body.querySelector('.slot-picker');
    if (before) before.setAttribute('inert', '');
    else body.replaceChildren(loading.content.cloneNode(true));
    let picker: Element | null = null;
    try {
      const response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'text/html' } });
      if (response.ok) picker = new DOMParser().parseFromString(await response.text(), 'text/html').querySelector(PICKER_SELECTOR);
    } catch {
      picker = null;
    }
    if (current !== url.href) return; // a later view was asked for, or the dialog closed
    body.removeAttribute('aria-busy');
    if (!picker) {
      body.replaceChildren(failed.content.cloneNode(true));
      return;
    }
    picker.removeAttribute('id');
    // The dialog shows a view as soon as a filter changes: the picker's own "Show times" is for pages without a script.
    picker.querySelector('.slot-picker__show')?.remove();
    // Earlier and later days change the view inside the dialog, not the page: buttons, not links.
    for (const link of picker.querySelectorAll<HTMLAnchorElement>('.slot-picker__paging a')) {
      const button = picker.ownerDocument.createElement('button');
      button.type = 'button';
      button.className = link.className;
      button.textContent = link.textContent;
      button.setAttribute(VIEW_HREF_ATTRIBUTE, link.getAttribute('href') ?? '');
      link.replaceWith(button);
    }
    body.replaceChildren(document.importNode(picker, true));
    // Focus stays on the control that asked for the view (or, when that one is gone, the dialog keeps it).
    const again = focusName
      ? body.querySelector<HTMLElement>(`[name="${focusName}"]`)
      : ([...body.querySelectorAll<HTMLElement>(`[${VIEW_HREF_ATTRIBUTE}]`)].find((b) => b.textContent === pagingText) ?? null);
    again?.focus();
  };

  body.addEventListener('change', (event) => {
    const form = (event.target as Element).closest('form');
    if (form) form.requestSubmit();
  });
  body.addEventListener('submit', (event) => {
    const form = event.target as HTMLFormElement;
    event.preventDefault();
    const url = new URL(current);
    // The search form has text fields only; a file field (none today) would not belong in an address.
    const fields = [...new FormData(form)].flatMap(([name, value]): [string, string][] => (typeof value === 'string' ? [[name, value]] : []));
    url.search = new URLSearchParams(fields).toString();
    url.hash = '';
    void show(url);
  });
  body.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>(`[${VIEW_HREF_ATTRIBUTE}]`);
    if (!button || !current) return;
    const url = new URL(button.getAttribute(VIEW_HREF_ATTRIBUTE) ?? '', current);
    url.hash = '';
    void show(url);
  });

  for (const button of root.querySelectorAll<HTMLButtonElement>(`button[${A.timesHref}]`)) {
    button.addEventListener('click', () => {
      opener = button;
      title.textContent = button.getAttribute(A.timesTitle) ?? '';
      profile.href = button.getAttribute(A.profileHref) ?? '';
      body.replaceChildren();
      open(dialog);
      const times = new URL(button.getAttribute(A.timesHref) ?? '', window.location.href);
      // The times are shown in the visitor's own zone (the browser's), the provider's named beside it.
      times.searchParams.set(READER_ZONE_PARAM, Intl.DateTimeFormat().resolvedOptions().timeZone);
      void show(times);
    });
    button.removeAttribute(PENDING_ATTRIBUTE);
  }
}

export function providerSearch(root: HTMLElement): void {
  const address = root.getAttribute(A.address);
  if (address && address !== `${window.location.pathname}${window.location.search}`) {
    window.history.replaceState(window.history.state, '', `${address}${window.location.hash}`);
  }
  if (window.location.hash === `#${RESULTS_HEADING_ID}`) document.getElementById(RESULTS_HEADING_ID)?.focus();

  const disclosure = root.querySelector<HTMLDetailsElement>(`details[${A.filtersDisclosure}]`);
  if (disclosure) openFiltersOnWideScreens(disclosure);
  const filtersDialog = root.querySelector<HTMLDialogElement>(`dialog[${A.filtersDialog}]`);
  if (filtersDialog) {
    closeOnBackdropAndButtons(filtersDialog);
    const opener = root.querySelector<HTMLButtonElement>(`[${A.openFilters}]`);
    opener?.addEventListener('click', () => open(filtersDialog));
    filtersDialog.addEventListener('close', () => opener?.focus());
    opener?.removeAttribute(PENDING_ATTRIBUTE);
  }
  autoSubmit(root, filtersDialog);
  timesDialog(root);
}
