/**
 * `intl-messageformat` in the browser (vite.config.ts aliases it here). The browser fills only texts with plain
 * {name} placeholders (src/domain/messages.ts fills them itself; messages.test.ts keeps the whole catalogue so), and
 * its build has never carried the ICU parser: the formatter could only refuse a text, and messages.ts then fills it
 * plainly. This one refuses at once, without the formatter's 3 KB brotli in every screen's first script.
 */
export class IntlMessageFormat {
  constructor() {
    throw new Error('The browser formats no ICU message syntax (vite.config.ts, src/domain/messages.ts).');
  }

  format(): never {
    throw new Error('The browser formats no ICU message syntax (vite.config.ts, src/domain/messages.ts).');
  }
}
