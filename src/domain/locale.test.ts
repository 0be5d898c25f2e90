import { DEFAULT_LOCALE, intlLocale, isApiPath, localeFromAcceptLanguage, localeOfPath, localizedPath } from './locale';

describe('languages', () => {
  it('reads the language an Accept-Language header prefers among ours', () => {
    expect(localeFromAcceptLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(localeFromAcceptLanguage('en-GB,es;q=0.5')).toBe(DEFAULT_LOCALE);
    expect(localeFromAcceptLanguage('fr-FR,es;q=0.7,en;q=0.3')).toBe('es');
    expect(localeFromAcceptLanguage('en;q=0.2,es;q=0.9')).toBe('es');
    expect(localeFromAcceptLanguage('de-DE')).toBe(DEFAULT_LOCALE);
    expect(localeFromAcceptLanguage(undefined)).toBe(DEFAULT_LOCALE);
    expect(localeFromAcceptLanguage('es;q=0')).toBe(DEFAULT_LOCALE);
  });

  it('finds a page language in its path prefix, and gives the same page in another language', () => {
    expect(localeOfPath('/es/app/providers')).toEqual({ locale: 'es', path: '/app/providers' });
    expect(localeOfPath('/es')).toEqual({ locale: 'es', path: '/' });
    expect(localeOfPath('/es/')).toEqual({ locale: 'es', path: '/' });
    expect(localeOfPath('/estados')).toEqual({ locale: DEFAULT_LOCALE, path: '/estados' });
    expect(localizedPath('/app/providers', 'es')).toBe('/es/app/providers');
    expect(localizedPath('/', 'es')).toBe('/es/');
    expect(localizedPath('/es/app/providers', DEFAULT_LOCALE)).toBe('/app/providers');
  });

  it('keeps a query and a fragment after the language prefix, and gives an API address no prefix', () => {
    expect(localizedPath('/app/patient/dashboard/sessions?session=abc', 'es')).toBe('/es/app/patient/dashboard/sessions?session=abc');
    expect(localizedPath('/es?page=2', DEFAULT_LOCALE)).toBe('/?page=2');
    expect(localizedPath('/?page=2', 'es')).toBe('/es/?page=2');
    expect(localizedPath('/therapists#top', 'es')).toBe('/es/therapists#top');
    expect(localizedPath('/api/calendar-feeds/x.ics', 'es')).toBe('/api/calendar-feeds/x.ics');
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/api/auth?x=1')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
    expect(isApiPath('/es/api')).toBe(false);
  });

  it('formats Spanish with the US Spanish Intl locale', () => {
    expect(intlLocale('es')).toBe('es-US');
    expect(intlLocale(DEFAULT_LOCALE)).toBe('en-US');
  });
});
