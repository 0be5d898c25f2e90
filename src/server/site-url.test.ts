import { DEFAULT_LOCALE } from '@/domain/locale';
import { siteUrl } from './site-url';

describe('a link to a page of this site', () => {
  const app = { publicUrl: 'https://care.example.com' };

  it("opens the page in the reader's language, keeping its query", () => {
    expect(siteUrl(app, '/app/patient/dashboard/sessions?session=abc&reminder=t', 'es')).toBe(
      'https://care.example.com/es/app/patient/dashboard/sessions?session=abc&reminder=t',
    );
    expect(siteUrl(app, '/', 'es')).toBe('https://care.example.com/es/');
    expect(siteUrl(app, '/login?redirect=true&loginToken=x', 'es')).toBe('https://care.example.com/es/login?redirect=true&loginToken=x');
  });

  it('has no prefix in the default language, and none for an address of the API', () => {
    expect(siteUrl(app, '/app/patient/dashboard/sessions?session=abc', DEFAULT_LOCALE)).toBe(
      'https://care.example.com/app/patient/dashboard/sessions?session=abc',
    );
    expect(siteUrl(app, '/es/therapists', DEFAULT_LOCALE)).toBe('https://care.example.com/therapists');
    expect(siteUrl(app, '/api/calendar-feeds/x.ics', 'es')).toBe('https://care.example.com/api/calendar-feeds/x.ics');
  });
});
