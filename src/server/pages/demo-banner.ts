/**
 * A deliberate demo deployment (DEMO_MODE=true) tells every visitor so: "demo: no real payments, no real care" at
 * the top of every page the server sends (server-rendered public pages, document pages and the app's shell, whose
 * app mounts below it in #root and so never replaces it) and of every e-mail (plugins/mail.ts), in the reader's
 * language. The words are the message ui.layout.demoBanner (specs/messages/ui*.yaml).
 */
import { messageIn } from '@/domain/messages';
import type { Locale } from '@/domain/locale';
import { escapeHtml } from '@/domain/html';

/** The notice as a line of text (the top of a plain-text e-mail). */
export function demoNotice(locale: Locale): string {
  return messageIn(locale, 'ui.layout.demoBanner');
}

/** The notice as the first element of a page's or an e-mail's body. */
export function demoBannerHtml(locale: Locale): string {
  return `<p class="demo-banner" role="note" data-demo-banner lang="${locale}">${escapeHtml(demoNotice(locale))}</p>`;
}

/** `html` with the notice first in its body (or first of all, for a fragment of HTML without one). */
export function withDemoBanner(html: string, locale: Locale): string {
  const banner = demoBannerHtml(locale);
  return /<body\b[^>]*>/i.test(html) ? html.replace(/<body\b[^>]*>/i, (body) => `${body}${banner}`) : `${banner}${html}`;
}
