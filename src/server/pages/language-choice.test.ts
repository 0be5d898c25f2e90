import { LANGUAGE_CHOICE_ATTRIBUTE } from '@/client/islands/names';
import { LANGUAGE_CHOICE_PATH, withLanguageForms } from './language-choice';

const words = (short: string, name: string) =>
  `<span class="site-header__language-short" aria-hidden="true">${short}</span><span class="site-header__language-name">${name}</span>`;
const switcher = (href: string, tag: string, inner: string) => `<a href="${href}" hreflang="${tag}" lang="${tag}" ${LANGUAGE_CHOICE_ATTRIBUTE}="">${inner}</a>`;

describe("the language switcher on a signed-in person's document page", () => {
  it('writes each marked language link as a form post of the same address, words and language', () => {
    const page = `<nav>${switcher('/es/therapists?page=2&amp;sort=near', 'es', words('ES', 'Español'))}</nav><a href="/es/therapists/tx">Texas</a>`;
    expect(withLanguageForms(page)).toBe(
      `<nav><form method="post" action="${LANGUAGE_CHOICE_PATH}" class="site-header__language-form">` +
        '<input type="hidden" name="page" value="/es/therapists?page=2&amp;sort=near">' +
        `<button type="submit" class="site-header__language-choice" lang="es">${words('ES', 'Español')}</button></form></nav>` +
        '<a href="/es/therapists/tx">Texas</a>',
    );
  });

  it('writes every language of the switcher and leaves a page without one as it was', () => {
    const page = `<nav>${switcher('/', 'en-US', 'English')} / ${switcher('/fr/', 'fr', 'Français')}</nav>`;
    const written = withLanguageForms(page);
    expect(written.match(/<form /g)).toHaveLength(2);
    expect(written).toContain('value="/"');
    expect(written).toContain('value="/fr/"');
    expect(written).not.toContain('<a ');
    const plain = '<nav><a href="/es/therapists" hreflang="es" lang="es">Español</a></nav>';
    expect(withLanguageForms(plain)).toBe(plain);
  });
});
