/** The frame around every screen: skip link, crisis line, header with brand, navigation and language, footer with help lines. */
import { Fragment, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import siteContent from '@/generated/content/site';
import * as placesConstants from '@/generated/constants/places';
import { formatPhone, telHref } from '@/domain/phone';
import { message } from '@/domain/messages';
import { activeLocale, LOCALES, localizedPath, type Locale } from '@/domain/locale';
import { localizedContent } from '@/domain/translations';
import { useApi } from '../api/api-context';
import { useAppSelector } from '../store/hooks';
import { selectAuth } from '../store/auth/slice';
import { pageHref } from './page-href';
import { AccountMenu } from './AccountMenu';
import { CrisisLine } from './CrisisLine';
import { LANGUAGE_CHOICE_ATTRIBUTE } from '../islands/names';

/**
 * "English / Español": the same page (path and query) in the other language, as a full page load so the
 * server renders it in that language and keeps the choice (the lang cookie). A signed-in person's
 * account takes the language too (their mail and documents), before the page changes: here where the app
 * runs; on a document page (no app, or no script at all) the server's copy of the page for a signed-in
 * person has a form post in place of each link (the links are marked for it: src/server/pages/language-choice.ts).
 */
function LanguageSwitcher() {
  const location = useLocation();
  const api = useApi();
  const auth = useAppSelector(selectAuth);
  const current = activeLocale();
  const choose = (event: MouseEvent<HTMLAnchorElement>, tag: Locale) => {
    const user = auth.status === 'authenticated' ? auth.user : undefined;
    if (!user || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const href = event.currentTarget.href;
    // Whether the account took it or not (a role that may not change its account), the page changes.
    void api
      .updateUser({ params: { id: user.id }, body: { language: tag } })
      .catch(() => undefined)
      .finally(() => window.location.assign(href));
  };
  return (
    <nav className="site-header__languages" aria-label={message('ui.layout.language')}>
      {LOCALES.map((l, index) => (
        <Fragment key={l.tag}>
          {index > 0 ? (
            <span className="site-header__language-separator" aria-hidden="true">
              {' / '}
            </span>
          ) : null}
          {l.tag === current ? (
            <span className="site-header__language-current" lang={l.tag} aria-current="true">
              {l.name}
            </span>
          ) : (
            <a
              href={`${localizedPath(location.pathname, l.tag)}${location.search}`}
              hrefLang={l.tag}
              lang={l.tag}
              {...{ [LANGUAGE_CHOICE_ATTRIBUTE]: '' }}
              onClick={(event) => choose(event, l.tag)}
            >
              {/* Phones show the language's short tag ("ES"); its name stays the link's name for everyone. */}
              <span className="site-header__language-short" aria-hidden="true">
                {l.tag.slice(0, 2).toUpperCase()}
              </span>
              <span className="site-header__language-name">{l.name}</span>
            </a>
          )}
        </Fragment>
      ))}
    </nav>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const phone = formatPhone(placesConstants.supportPhone);
  const site = localizedContent(siteContent);
  return (
    <div className="app-frame">
      <a className="skip-link" href="#main">
        {message('ui.layout.skipToContent')}
      </a>
      <CrisisLine />
      <header className="site-header">
        <div className="container site-header__inner">
          <Link to="/" className="brand">
            <img src="/favicon.svg" alt="" width="28" height="28" />
            <span className="brand__name" translate="no">
              {site.brand.name}
            </span>
          </Link>
          <nav className="site-nav" aria-label={message('ui.layout.mainNav')}>
            {site.nav.map((item) => (
              <a key={item.href} href={pageHref(item.href)}>
                {item.label}
              </a>
            ))}
          </nav>
          <a className="btn btn--secondary site-header__phone" href={telHref(placesConstants.supportPhone)}>
            <span className="visually-hidden">{message('ui.layout.callUs')}</span>
            {phone}
          </a>
          <LanguageSwitcher />
          <AccountMenu />
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <div className="container stack-sm">
          {site.footerLinks ? (
            <nav aria-label={site.footerLinks.label}>
              <ul className="site-footer__links">
                {site.footerLinks.items.map((item) => (
                  <li key={item.href}>
                    <Link to={item.href}>{item.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <p>{site.footer.note}</p>
          <p>
            {site.brand.name} · <a href={telHref(placesConstants.supportPhone)}>{phone}</a> · {site.footer.rights}
          </p>
        </div>
      </footer>
    </div>
  );
}
