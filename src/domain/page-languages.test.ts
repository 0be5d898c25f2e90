import { pageLanguageLinks } from './page-languages';

const origin = 'https://care.example.org';

describe('a page in every language', () => {
  it('gives a Spanish page its Spanish canonical address and the same page in every language, x-default the English one', () => {
    const links = pageLanguageLinks(`${origin}/therapists/tx?page=2`, origin, 'es');
    expect(links.canonical).toBe(`${origin}/es/therapists/tx?page=2`);
    expect(links.alternates).toEqual([
      { hreflang: 'en-US', href: `${origin}/therapists/tx?page=2` },
      { hreflang: 'es', href: `${origin}/es/therapists/tx?page=2` },
      { hreflang: 'x-default', href: `${origin}/therapists/tx?page=2` },
    ]);
  });

  it('keeps an English page English, and the home page is /es/ in Spanish', () => {
    expect(pageLanguageLinks(`${origin}/therapists`, origin, 'en-US').canonical).toBe(`${origin}/therapists`);
    const home = pageLanguageLinks(`${origin}/`, origin, 'es');
    expect(home.canonical).toBe(`${origin}/es/`);
    expect(home.alternates.map((a) => a.href)).toEqual([`${origin}/`, `${origin}/es/`, `${origin}/`]);
  });

  it('reads a canonical address already in a language as the same page', () => {
    expect(pageLanguageLinks(`${origin}/es/psychiatrists`, origin, 'en-US').canonical).toBe(`${origin}/psychiatrists`);
  });

  it('leaves an address of another site as it is', () => {
    expect(pageLanguageLinks('https://elsewhere.example.com/x', origin, 'es')).toEqual({ canonical: 'https://elsewhere.example.com/x', alternates: [] });
  });
});
