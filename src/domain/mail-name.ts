/** A mail template's name as staff read it: specs/messages `ui.support.mail.<template id in camelCase>`, else the id. */
import type { MessageKey } from '@/generated/messages';
import { activeLocale, type Locale } from './locale';
import { isMessageKey, messageTemplate } from './messages';

/** The message that names a mail template, if specs/messages has one. */
export function mailNameKey(template: string): MessageKey | undefined {
  const key = `ui.support.mail.${template.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())}`;
  return isMessageKey(key) ? key : undefined;
}

/** The name in a language (the reader's by default). */
export function mailName(template: string, locale: Locale = activeLocale()): string {
  const key = mailNameKey(template);
  return key ? messageTemplate(key, locale) : template;
}
