/**
 * The one way the server writes the address of a page of this site for a person (a mail's links, a calendar
 * entry, a text message, an API answer that carries a link): this site's public address, then the page in
 * the reader's language (src/domain/locale.ts localizedPath: the language's path prefix, none for an API
 * address). The reader is the person who follows the link (a mail's recipient: the language src/server/plugins/mail.ts
 * gives the mail's composer), not whoever made the request that sent it.
 */
import type { FastifyInstance } from 'fastify';
import { localizedPath, type Locale } from '@/domain/locale';

/** "/app/patient/dashboard/sessions?session=1" for a Spanish reader → "https://care.example.com/es/app/patient/dashboard/sessions?session=1". */
export function siteUrl(app: Pick<FastifyInstance, 'publicUrl'>, path: string, locale: Locale): string {
  return `${app.publicUrl}${localizedPath(path, locale)}`;
}
