/** The frame around every screen: skip link, header with brand and navigation, footer with help lines. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import siteContent from '@/generated/content/site';
import { constants } from '@/generated/constants';
import { formatPhone, telHref } from '@/domain/phone';
import { localizedContent } from '@/domain/translations';
import { AccountMenu } from './AccountMenu';

export function Layout({ children }: { children: ReactNode }) {
  const phone = formatPhone(constants.supportPhone);
  const site = localizedContent(siteContent);
  return (
    <div className="app-frame">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="container site-header__inner">
          <Link to="/" className="brand">
            <img src="/favicon.svg" alt="" width="28" height="28" />
            <span className="brand__name">{site.brand.name}</span>
          </Link>
          <nav className="site-nav" aria-label="Main">
            {site.nav.map((item) => (
              <a key={item.href} href={item.href}>
                {item.label}
              </a>
            ))}
          </nav>
          <a className="btn btn--secondary site-header__phone" href={telHref(constants.supportPhone)}>
            <span className="visually-hidden">Call us at </span>
            {phone}
          </a>
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
            {site.brand.name} · <a href={telHref(constants.supportPhone)}>{phone}</a> · {site.footer.rights}
          </p>
        </div>
      </footer>
    </div>
  );
}
