import site from '../generated/content/site';
import { setLocaleSource } from './locale';
import { liveDocument, localizedDocument } from './translations';
import { formatMinutesSeconds } from './date-format';

afterEach(() => setLocaleSource(() => undefined));

describe('documents in a language', () => {
  it('puts the language’s words over the document, keeping what is not words (links) and falling back per text', () => {
    const spanish = localizedDocument('content', site, 'es');
    expect(spanish.brand.tagline).not.toBe(site.brand.tagline);
    expect(spanish.nav.map((n) => n.href)).toEqual(site.nav.map((n) => n.href));
    expect(spanish.nav[0]!.label).not.toBe(site.nav[0]!.label);
    expect(localizedDocument('content', site, 'es')).toBe(spanish);
    expect(localizedDocument('content', site, 'en-US')).toBe(site);
  });

  it('reads a live document in the language active at each read', () => {
    const live = liveDocument('content', site);
    expect(live.brand.tagline).toBe(site.brand.tagline);
    setLocaleSource(() => 'es');
    expect(live.brand.tagline).toBe(localizedDocument('content', site, 'es').brand.tagline);
    expect({ ...live }.brand).toBe(localizedDocument('content', site, 'es').brand);
  });
});

describe('a span of minutes and seconds', () => {
  it('is said with the language’s units and plurals', () => {
    expect(formatMinutesSeconds(245_000, 'en-US')).toBe('4 minutes 5 seconds');
    expect(formatMinutesSeconds(60_000, 'en-US')).toBe('1 minute');
    expect(formatMinutesSeconds(1_000, 'en-US')).toBe('1 second');
    expect(formatMinutesSeconds(245_000, 'es')).toBe('4 minutos 5 segundos');
    expect(formatMinutesSeconds(30_000, 'es')).toBe('30 segundos');
  });
});
