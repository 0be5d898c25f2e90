/**
 * What the header's account link shows a signed-in person on a document page: the face of the app's account
 * menu button (src/client/app/AccountMenu.tsx), the initial in a circle and the name beside it. Phones hide the
 * name (account-menu.css), so brand, phone line, language and account fit one 360 px row; the link's name stays
 * "<label>: <name>" for everyone. The server writes it as HTML into its copy of the page
 * (src/server/pages/account-link.ts) and the account island as elements; both take it from here, so they agree.
 * No React here: the islands script imports this file.
 */
import { escapeHtml } from '@/domain/html';

/** The words of the face: the account label ("Account menu") and the person's first name. */
export interface AccountFace {
  label: string;
  name: string;
}

/** The letter in the circle (the app's account menu button shows the same). */
export function accountInitial(name: string): string {
  return name.slice(0, 1).toUpperCase();
}

/** The face as HTML, for the server's copy of the page. */
export function accountFaceHtml(face: AccountFace): string {
  return (
    `<span class="account-menu__avatar" data-initial="${escapeHtml(accountInitial(face.name))}" aria-hidden="true"></span>` +
    `<span class="account-menu__name"><span class="visually-hidden">${escapeHtml(face.label)}: </span>${escapeHtml(face.name)}</span>`
  );
}

/** The face written into the link as elements (the same markup as accountFaceHtml), in place of what it held. */
export function writeAccountFace(link: HTMLElement, face: AccountFace): void {
  const doc = link.ownerDocument;
  const avatar = doc.createElement('span');
  avatar.className = 'account-menu__avatar';
  avatar.setAttribute('data-initial', accountInitial(face.name));
  avatar.setAttribute('aria-hidden', 'true');
  const name = doc.createElement('span');
  name.className = 'account-menu__name';
  const label = doc.createElement('span');
  label.className = 'visually-hidden';
  label.textContent = `${face.label}: `;
  name.append(label, face.name);
  link.replaceChildren(avatar, name);
}

/** Whether the link already shows this face (the server wrote it): the island leaves it as it is. */
export function showsAccountFace(link: HTMLElement, face: AccountFace): boolean {
  const avatar = link.querySelector('.account-menu__avatar');
  return avatar?.getAttribute('data-initial') === accountInitial(face.name) && link.textContent === `${face.label}: ${face.name}`;
}
