/**
 * The providers a state, city or specialty landing page is about: licensed in the state,
 * nearest the city first, or offering the specialty; for the therapists' and psychiatrists' sections
 * only the care of that section. Loaded on the server (loadData) with each provider's first open time,
 * so the HTML itself lists them, their next opening and the way to book (a plain link to the
 * canonical friendly profile, where times are chosen), paged with plain links (?page=2) a crawler
 * follows, and described for search engines as a schema.org ItemList of Person entries.
 */
import type { QueryClient } from '@tanstack/react-query';
import { apiQueries, useGetFirstAvailableSlotQuery, useListProvidersQuery, useSearchProvidersQuery } from '@/generated/client/hooks';
import segmentsSpec from '@/generated/content/landing-segments';
import * as marketplaceConstants from '@/generated/constants/marketplace';
import * as pagesConstants from '@/generated/constants/pages';
import type { LandingSection } from '@/generated/enums';
import type { EndpointInputs } from '@/generated/client/api';
import type { EndpointTypes, Provider, Slot } from '@/generated/entities';
import { message } from '@/domain/messages';
import { fillContent } from '@/domain/content-text';
import searchCopySpec from '@/generated/content/provider-search';
import { pageCount, searchApiQuery, searchFromQuestionnaire } from '@/domain/provider-search';
import type { LandingPage } from '@/domain/landing-urls';
import type { ApiClient } from '@/client/api/api-context';
import { stateName } from '@/client/ui/format';
import { SECTION_SERVICE } from './sections';
import { formatDay, formatTime, zoneLabel } from '@/domain/date-format';
import { fullName } from '@/domain/names';
import { pageHref } from '@/client/app/page-href';
import { enumLabelOf, liveDocument } from '@/domain/translations';
import * as careEnums from '@/generated/enums/care';

const segments = liveDocument('content', segmentsSpec);
const searchCopy = liveDocument('content', searchCopySpec);

type ProviderPage = EndpointTypes['listProviders']['response'];

/** The page number of a landing page's address (?page=), 1 when absent or not a page. */
export function landingPageNumber(search: URLSearchParams): number {
  const page = Number(search.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= pagesConstants.landingMaxPage ? page : 1;
}

type ListablePage = Exclude<LandingPage, { pageType: 'hub' }>;

export function isListable(page: LandingPage): page is ListablePage {
  return page.pageType !== 'hub';
}

/** The API read of a landing page's providers: a specialty's list, or a search in a state (or city). */
type ProvidersRead =
  { endpoint: 'listProviders'; input: EndpointInputs['listProviders'] } | { endpoint: 'searchProviders'; input: EndpointInputs['searchProviders'] };

function providersReadOf(page: ListablePage, pageNumber: number): ProvidersRead {
  const service = SECTION_SERVICE[page.section];
  if (page.pageType === 'specialty') {
    const offersMedication = page.section === 'psychiatrists' ? true : page.section === 'therapists' ? false : undefined;
    const input = {
      query: { specialty: page.specialty, ...(offersMedication === undefined ? {} : { offersMedication }), ...(pageNumber > 1 ? { page: pageNumber } : {}) },
    };
    return { endpoint: 'listProviders', input };
  }
  const state = page.state.toUpperCase();
  const location = page.pageType === 'city' ? `${cityName(page.city)}, ${state}` : undefined;
  const query = searchApiQuery({ ...searchFromQuestionnaire({ service, state, location }), page: pageNumber }) ?? { state_code: state };
  return { endpoint: 'searchProviders', input: { query } };
}

/** "salt-lake-city" → "Salt Lake City" */
export function cityName(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** For the server's loader (its in-process client): the page's providers, cached under the endpoint's generated key. */
function fetchLandingProviders(api: ApiClient, queryClient: QueryClient, page: ListablePage, pageNumber: number): Promise<ProviderPage> {
  const read = providersReadOf(page, pageNumber);
  return read.endpoint === 'listProviders'
    ? queryClient.fetchQuery(apiQueries.listProviders(api, read.input))
    : queryClient.fetchQuery(apiQueries.searchProviders(api, read.input));
}

/** For the screen: the same read through the generated hooks (the other one stays idle). */
function useLandingProviders(page: ListablePage, pageNumber: number): { data?: ProviderPage } {
  const read = providersReadOf(page, pageNumber);
  const listed = useListProvidersQuery(read.endpoint === 'listProviders' ? read.input : undefined, { enabled: read.endpoint === 'listProviders' });
  const searched = useSearchProvidersQuery(read.endpoint === 'searchProviders' ? read.input : undefined, { enabled: read.endpoint === 'searchProviders' });
  return read.endpoint === 'listProviders' ? listed : searched;
}

const firstSlotsInput = (providerIds: readonly string[], section: LandingSection) => {
  const counselingType = SECTION_SERVICE[section] ? marketplaceConstants.questionnaireServiceSearch[SECTION_SERVICE[section]!].counselingType : undefined;
  return { query: { providerId: [...providerIds], ...(counselingType ? { counselingType } : {}) } };
};

/** The canonical friendly profile address of a provider (the first of its friendly addresses). */
export function canonicalProfilePath(p: Pick<Provider, 'providerSlugs'>): string | undefined {
  return p.providerSlugs[0]?.path;
}

/** Loads the list and its first open times on the server; answers the schema.org data of the list. */
export async function loadLandingProviders(api: ApiClient, queryClient: QueryClient, page: ListablePage, pageNumber: number, origin: string): Promise<unknown> {
  const list = await fetchLandingProviders(api, queryClient, page, pageNumber);
  const ids = list.items.map((p) => p.id);
  if (ids.length) await queryClient.prefetchQuery(apiQueries.getFirstAvailableSlot(api, firstSlotsInput(ids, page.section)));
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    numberOfItems: list.total,
    itemListElement: list.items.map((p, i) => ({
      '@type': 'ListItem',
      position: (pageNumber - 1) * list.pageSize + i + 1,
      item: {
        '@type': 'Person',
        name: fullName(p),
        jobTitle: p.title,
        ...(canonicalProfilePath(p) ? { url: `${origin}${canonicalProfilePath(p)}` } : {}),
        workLocation: {
          '@type': 'Place',
          name: p.practice.name,
          address: {
            '@type': 'PostalAddress',
            streetAddress: p.practice.addressLine1,
            addressLocality: p.practice.city,
            addressRegion: p.practice.state,
            postalCode: p.practice.zipcode,
            addressCountry: p.practice.country,
          },
        },
      },
    })),
  };
}

function whereOf(page: ListablePage): string {
  switch (page.pageType) {
    case 'state':
      return message('ui.landing.providers.inState', { state: stateName(page.state.toUpperCase()) });
    case 'city':
      return message('ui.landing.providers.nearCity', { city: cityName(page.city), state: page.state.toUpperCase() });
    case 'specialty':
      return message('ui.landing.providers.forSpecialty', { specialty: enumLabelOf(careEnums.counselingSpecialty, page.specialty).toLowerCase() });
  }
}

function NextOpening({ slot, zone }: { slot: Slot | null | undefined; zone: string }) {
  if (slot === undefined) return null;
  if (slot === null) return <p className="small muted">{message('ui.landing.providers.noOpenTimes')}</p>;
  return (
    <p className="small">
      {message('ui.landing.providers.nextOpening', {
        time: `${formatDay(slot.start, zone)}, ${formatTime(slot.start, zone)} (${zoneLabel(zone, new Date(slot.start))})`,
      })}
    </p>
  );
}

/** Whether a provider can prescribe medication: psychiatric prescribers are listed as psychiatrists (server: slugTypeOf). */
const prescribes = (p: Provider) => p.providerSlugs.some((slug) => slug.type === 'psychiatrist');

/** One list of provider cards, numbered from `start`, each with its next opening and the way to book. */
function ProviderCards({ items, start, slotOf }: { items: readonly Provider[]; start: number; slotOf: (id: string) => Slot | null | undefined }) {
  return (
    <ol className="landing-providers" start={start}>
      {items.map((p) => {
        const profile = canonicalProfilePath(p);
        return (
          <li key={p.id} className="card landing-provider stack-sm">
            <h3 className="landing-provider__name" translate="no">
              {profile ? <a href={pageHref(profile)}>{fullName(p)}</a> : fullName(p)}
              <span className="muted">, {p.title}</span>
            </h3>
            <p className="small muted">
              {p.practice.city}, {p.practice.state}
              {p.distanceMiles !== undefined && p.distanceMiles !== null
                ? ` · ${fillContent(searchCopy.card.distance, { miles: p.distanceMiles < 10 ? p.distanceMiles.toFixed(1) : Math.round(p.distanceMiles) })}`
                : ''}
            </p>
            <NextOpening slot={slotOf(p.id)} zone={p.timeZone} />
            {profile ? (
              <p>
                <a className="btn btn--secondary" href={pageHref(profile)} aria-describedby={`landing-provider-${p.id}`}>
                  {message('ui.landing.providers.book')}
                </a>
                <span id={`landing-provider-${p.id}`} hidden>
                  {fullName(p)}
                </span>
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function LandingProviders({ page, pageNumber, pathname }: { page: ListablePage; pageNumber: number; pathname: string }) {
  const list = useLandingProviders(page, pageNumber);
  const ids = list.data?.items.map((p) => p.id) ?? [];
  const slots = useGetFirstAvailableSlotQuery(firstSlotsInput(ids, page.section), { enabled: ids.length > 0 });
  if (!list.data) return null;
  const heading = message('ui.landing.providers.heading', { providerKind: segments.segments[page.section].providerKind, where: whereOf(page) });
  const pages = pageCount(list.data.total, list.data.pageSize);
  const hrefOf = (n: number) => pageHref(n > 1 ? `${pathname}?page=${n}` : pathname);
  const slotOf = (id: string) => (slots.data ? (slots.data.items.find((s) => s.providerId === id)?.slot ?? null) : undefined);
  const first = (pageNumber - 1) * list.data.pageSize + 1;
  // A therapists' page searches for therapy, which prescribers offer too: they are listed, under their own
  // heading (the psychiatrists' segment's word), never as therapists.
  const split = page.section === 'therapists';
  const therapists = split ? list.data.items.filter((p) => !prescribes(p)) : list.data.items;
  const prescribers = split ? list.data.items.filter(prescribes) : [];
  return (
    <section className="section" aria-labelledby="landing-providers">
      <div className="container stack">
        <h2 id="landing-providers">{capitalized(heading)}</h2>
        {list.data.items.length === 0 ? (
          <p>{message('ui.landing.providers.empty')}</p>
        ) : (
          <>
            <p className="small muted">{message('ui.landing.providers.count', { count: list.data.total, page: pageNumber, pages })}</p>
            {therapists.length ? <ProviderCards items={therapists} start={first} slotOf={slotOf} /> : null}
            {prescribers.length ? (
              <section className="stack" aria-labelledby="landing-prescribers">
                <h2 id="landing-prescribers">
                  {capitalized(message('ui.landing.providers.heading', { providerKind: segments.segments.psychiatrists.providerKind, where: whereOf(page) }))}
                </h2>
                <p className="small muted">{message('ui.landing.providers.prescribersNote')}</p>
                <ProviderCards items={prescribers} start={first + therapists.length} slotOf={slotOf} />
              </section>
            ) : null}
            {pages > 1 ? (
              <nav aria-label={message('ui.landing.providers.pages')} className="landing-pages">
                {pageNumber > 1 ? (
                  <a rel="prev" href={hrefOf(pageNumber - 1)}>
                    {message('ui.landing.providers.previous')}
                  </a>
                ) : null}
                {pageNumber < pages ? (
                  <a rel="next" href={hrefOf(pageNumber + 1)}>
                    {message('ui.landing.providers.next')}
                  </a>
                ) : null}
              </nav>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
