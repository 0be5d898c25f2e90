/** A mail template's name as staff read it: specs/messages `ui.support.mail.<template id in camelCase>`, else the id. */
import { messages } from '@/generated/messages';

export function mailName(template: string): string {
  const key = `ui.support.mail.${template.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())}`;
  return (messages as Record<string, string>)[key] ?? template;
}
