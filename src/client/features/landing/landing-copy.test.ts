/**
 * Landing pages promise no fixed window of open times (a city page read on a Saturday said "open
 * times this week" while its first openings were next Wednesday). What a page offers depends on the day it
 * is read, so its words name no window; each provider's card says when they are next open.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const contentDir = join(process.cwd(), 'specs/content');
const landingFiles = readdirSync(contentDir).filter((f) => /^landing-.*\.yaml$/.test(f));
const fixedWindow = /\b(this|next) week\b|\btoday's (times|openings)\b|\besta semana\b|\bla próxima semana\b|\bhoy mismo\b/i;

describe('landing page copy', () => {
  it('covers the English and Spanish landing pages', () => {
    expect(landingFiles.some((f) => f.endsWith('.es.yaml'))).toBe(true);
    expect(landingFiles.some((f) => !f.endsWith('.es.yaml'))).toBe(true);
  });

  it.each(landingFiles)('%s names no window of open times', (file) => {
    const promises = readFileSync(join(contentDir, file), 'utf8')
      .split('\n')
      .filter((line) => fixedWindow.test(line));
    expect(promises).toEqual([]);
  });
});
