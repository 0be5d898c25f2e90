/**
 * What search engines read first: `/robots.txt` points at `/sitemap.xml`, a sitemap index
 * of `/sitemaps/pages.xml` (home, every hub, every state page, every city where a practice with a
 * listed provider is, every specialty page, for each section) and `/sitemaps/providers-<n>.xml`
 * (every listed provider's canonical friendly profile, sitemapMaxUrls a file). A removed provider
 * (removed_at set, with one of the removal reasons) is in no file; its profile answers 410.
 * A sitemap per language: the same files under `/sitemaps/<prefix>/` (`/sitemaps/es/pages.xml`)
 * list the pages under the language's prefix (`/es/therapists`); the index names every language's files.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { constants } from '@/generated/constants';
import { enums } from '@/generated/enums';
import { landingPagePath, type LandingPage } from '@/domain/landing-urls';
import { DEFAULT_LOCALE, LOCALES, localizedPath, type Locale } from '@/domain/locale';
import { providerSlugs } from '../marketplace/providers';
import { escapeHtml } from '@/domain/html';
import { all, first, qb, sql } from '../db/typed';

const XML = 'application/xml; charset=utf-8';
/** Crawlers may keep these an hour; a provider who leaves drops out within it. */
const CACHE = 'public, max-age=3600';

export function urlSet(origin: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `<url><loc>${escapeHtml(`${origin}${p}`)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function sitemapIndex(origin: string, paths: readonly string[]): string {
  const maps = paths.map((p) => `<sitemap><loc>${escapeHtml(`${origin}${p}`)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps}\n</sitemapindex>\n`;
}

/** Every landing page: hubs, states, the given cities and specialties, in each section. */
export function landingPaths(cities: readonly { state: string; city: string }[]): string[] {
  const pages: LandingPage[] = [];
  for (const section of enums.landingSection.values) {
    pages.push({ pageType: 'hub', section });
    for (const { code } of constants.usStates) pages.push({ pageType: 'state', section, state: code });
    for (const { state, city } of cities) pages.push({ pageType: 'city', section, state, city });
    for (const specialty of enums.counselingSpecialty.values) pages.push({ pageType: 'specialty', section, specialty });
  }
  return ['/', ...pages.map(landingPagePath)];
}

/** The folder of a language's sitemaps: /sitemaps for the default language, /sitemaps/es for Spanish. */
export function sitemapFolder(locale: Locale): string {
  const prefix = LOCALES.find((l) => l.tag === locale)?.pathPrefix ?? '';
  return `/sitemaps${prefix}`;
}

/** The language whose sitemaps are in a folder under /sitemaps ("es" → es); undefined for no language of ours. */
function localeOfFolder(folder: string): Locale | undefined {
  return LOCALES.find((l) => l.pathPrefix !== '' && l.pathPrefix === `/${folder}`)?.tag;
}

async function listedProviderCount(app: FastifyInstance): Promise<number> {
  const row = await first(
    app.database,
    qb
      .selectFrom('providers')
      .select(sql<string>`count(*)`.as('n'))
      .where('removed_at', 'is', null),
  );
  return Number(row?.n ?? 0);
}

export default fp<{ publicUrl: string }>(
  async (app, { publicUrl }) => {
    const origin = publicUrl.replace(/\/+$/, '');
    const perFile = constants.sitemapMaxUrls;

    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', CACHE)
        .send(`User-agent: *\nDisallow: /api/\nDisallow: /dev/\n\nSitemap: ${origin}/sitemap.xml\n`),
    );

    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const files = Math.max(1, Math.ceil((await listedProviderCount(app)) / perFile));
      const paths = LOCALES.flatMap((l) => {
        const folder = sitemapFolder(l.tag);
        return [`${folder}/pages.xml`, ...Array.from({ length: files }, (_, i) => `${folder}/providers-${i + 1}.xml`)];
      });
      return reply.type(XML).header('cache-control', CACHE).send(sitemapIndex(origin, paths));
    });

    const sitemapFile = async (locale: Locale, file: string): Promise<string | undefined> => {
      if (file === 'pages.xml') {
        const cities = await all(
          app.database,
          qb
            .selectFrom('practices as pr')
            .select(['pr.state', 'pr.city'])
            .distinct()
            .where((eb) =>
              eb.exists(eb.selectFrom('providers as p').select(sql.lit(1).as('one')).whereRef('p.practice_id', '=', 'pr.id').where('p.removed_at', 'is', null)),
            )
            .orderBy('pr.state')
            .orderBy('pr.city'),
        );
        return urlSet(
          origin,
          landingPaths(cities).map((p) => localizedPath(p, locale)),
        );
      }
      const n = Number(/^providers-(\d{1,6})\.xml$/.exec(file)?.[1]);
      const files = Math.max(1, Math.ceil((await listedProviderCount(app)) / perFile));
      if (!Number.isInteger(n) || n < 1 || n > files) return undefined;
      const rows = await all(
        app.database,
        qb
          .selectFrom('providers')
          .select(['slug', 'licensed_states', 'offers_medication'])
          .where('removed_at', 'is', null)
          .orderBy('id')
          .limit(perFile)
          .offset((n - 1) * perFile),
      );
      const paths = rows.map((r) => providerSlugs(r)[0]?.path).filter((p): p is string => Boolean(p));
      return urlSet(
        origin,
        paths.map((p) => localizedPath(p, locale)),
      );
    };

    app.get<{ Params: { file: string } }>('/sitemaps/:file', { schema: { hide: true } }, async (request, reply) => {
      const xml = await sitemapFile(DEFAULT_LOCALE, request.params.file);
      return xml === undefined ? reply.callNotFound() : reply.type(XML).header('cache-control', CACHE).send(xml);
    });

    app.get<{ Params: { folder: string; file: string } }>('/sitemaps/:folder/:file', { schema: { hide: true } }, async (request, reply) => {
      const locale = localeOfFolder(request.params.folder);
      const xml = locale ? await sitemapFile(locale, request.params.file) : undefined;
      return xml === undefined ? reply.callNotFound() : reply.type(XML).header('cache-control', CACHE).send(xml);
    });
  },
  { name: 'sitemap', dependencies: ['database'] },
);
