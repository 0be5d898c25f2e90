/**
 * Marketing landing pages (product-spec §1, §2): the hubs (/providers, /therapists, /psychiatrists),
 * state (/{section}/{state}), city (/{section}/{state}/{city}) and specialty
 * (/{section}/specialties/{specialty}) pages. Copy from specs/content/landing-*.yaml with its
 * {{placeholders}} filled; rendered on the server with title, description and canonical address.
 * An address whose state or specialty does not exist answers 404. A hub lists its state and city
 * pages (every place a practice is) as plain links, so people and crawlers reach them by following links.
 */
import { Link, useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import cityPageSpec from '@/generated/content/landing-city';
import providerHubSpec from '@/generated/content/landing-provider-hub';
import psychiatristHubSpec from '@/generated/content/landing-psychiatrist-hub';
import segmentsSpec from '@/generated/content/landing-segments';
import specialtyPageSpec from '@/generated/content/landing-specialty';
import statePageSpec from '@/generated/content/landing-state';
import therapistHubSpec from '@/generated/content/landing-therapist-hub';
import systemSpec from '@/generated/content/system';
import type { LandingPageContent } from '@/generated/content-types';
import * as placesConstants from '@/generated/constants/places';
import type { LandingSection } from '@/generated/enums';
import { routeById } from '@/generated/routes';
import { fillContentTree } from '@/domain/content-text';
import { landingPagePath, parseLandingPath, type LandingPage } from '@/domain/landing-urls';
import { message } from '@/domain/messages';
import { useApiQueries } from '@/client/api/api-queries';
import { apiQueries } from '@/generated/client/hooks';
import { practicePlacesQuery } from './queries';
import { providerSearchParams, searchFromQuestionnaire } from '@/domain/provider-search';
import type { RouteDataContext, RouteDataResult } from '@/client/runtime/ssr/route-data';
import { stateName } from '@/client/ui/format';
import { Awards, Carriers, CityFaq, HowItWorksCarousel, Testimonials } from './blocks';
import { cityName, isListable, LandingProviders, landingPageNumber, loadLandingProviders } from './LandingProviders';
import { SECTION_SERVICE } from './sections';
import './home.css';
import { pageHref } from '@/client/app/page-href';
import { enumLabelOf, liveDocument } from '@/domain/translations';
import * as careEnums from '@/generated/enums/care';

const cityPage = liveDocument('content', cityPageSpec);
const providerHub = liveDocument('content', providerHubSpec);
const psychiatristHub = liveDocument('content', psychiatristHubSpec);
const segments = liveDocument('content', segmentsSpec);
const specialtyPage = liveDocument('content', specialtyPageSpec);
const statePage = liveDocument('content', statePageSpec);
const therapistHub = liveDocument('content', therapistHubSpec);
const system = liveDocument('content', systemSpec);

const HUBS: Readonly<Record<LandingSection, LandingPageContent>> = { providers: providerHub, therapists: therapistHub, psychiatrists: psychiatristHub };
const STATUS_NOT_FOUND = 404;

interface ResolvedPage {
  page: LandingPage;
  content: LandingPageContent;
  city?: string;
  state?: string;
  /** where the call to action leads */
  searchHref: string;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function resolveLandingPage(pathname: string): ResolvedPage | undefined {
  const page = parseLandingPath(pathname);
  if (!page) return undefined;
  const kind = segments.segments[page.section];
  const service = SECTION_SERVICE[page.section];
  const questionnaire = `${routeById.searchQuestionnaire.path}${service ? `?${providerSearchParams(searchFromQuestionnaire({ service })).toString()}` : ''}`;
  const search = (state?: string, location?: string) =>
    `${routeById.providerSearch.path}?${providerSearchParams({ ...searchFromQuestionnaire({ service, state, location }) }).toString()}`;
  switch (page.pageType) {
    case 'hub':
      return { page, content: HUBS[page.section], searchHref: questionnaire };
    case 'state': {
      const code = page.state.toUpperCase();
      if (!placesConstants.usStates.some((s) => s.code === code)) return undefined;
      const state = stateName(code);
      return { page, state, content: fillContentTree(statePage, { state, providerKind: kind.providerKind }), searchHref: search(code) };
    }
    case 'city': {
      const code = page.state.toUpperCase();
      if (!placesConstants.usStates.some((s) => s.code === code)) return undefined;
      const city = cityName(page.city);
      return {
        page,
        city,
        state: code,
        content: fillContentTree(cityPage, { city, state: code, providerKind: kind.providerKind }),
        searchHref: search(code, `${city}, ${code}`),
      };
    }
    case 'specialty': {
      const specialty = enumLabelOf(careEnums.counselingSpecialty, page.specialty);
      return { page, content: fillContentTree(specialtyPage, { specialty, providerKind: kind.providerKind }), searchHref: questionnaire };
    }
  }
}

export async function loadData(context: RouteDataContext): Promise<RouteDataResult> {
  const pathname = new URL(context.url, context.origin).pathname;
  const resolved = resolveLandingPage(pathname);
  if (!resolved) return { status: STATUS_NOT_FOUND, head: { title: system.notFound.heading, robots: 'noindex' } };
  if (resolved.page.pageType === 'hub')
    await context.queryClient.prefetchQuery(practicePlacesQuery(context.queryClient, (page) => apiQueries.listPractices(context.api, { query: { page } })));
  const pageNumber = landingPageNumber(context.search);
  const { page } = resolved;
  // A list that cannot load (a city the geocoder does not know) leaves the page as it is, without a list.
  const jsonLd = isListable(page)
    ? await loadLandingProviders(context.api, context.queryClient, page, pageNumber, context.origin).catch(() => undefined)
    : undefined;
  // Each page of a list is its own document: its canonical address keeps its ?page=.
  const canonical = `${context.origin}${pathname.replace(/\/+$/, '')}${pageNumber > 1 ? `?page=${pageNumber}` : ''}`;
  return { head: { title: capitalized(resolved.content.title), description: resolved.content.metaDescription, canonical, ...(jsonLd ? { jsonLd } : {}) } };
}

function Block({ name, resolved }: { name: string; resolved: ResolvedPage }) {
  switch (name) {
    case 'how-it-works':
      return (
        <section className="section">
          <div className="container">
            <HowItWorksCarousel />
          </div>
        </section>
      );
    case 'testimonials':
      return <Testimonials />;
    case 'carriers':
      return <Carriers />;
    case 'awards':
      return <Awards />;
    case 'city-faq':
      return resolved.city && resolved.state ? <CityFaq city={resolved.city} state={resolved.state} /> : null;
    default:
      return null;
  }
}

/** A hub's links to the state and city pages of its section, for every place a practice is. */
function HubPlaces({ section }: { section: LandingSection }) {
  const queries = useApiQueries();
  const queryClient = useQueryClient();
  const places = useQuery(practicePlacesQuery(queryClient, (page) => queries.listPractices({ query: { page } })));
  if (!places.data?.length) return null;
  const providerKind = segments.segments[section].providerKind;
  return (
    <section className="section" aria-labelledby="hub-places">
      <div className="container stack">
        <h2 id="hub-places">{message('ui.landing.places.heading', { providerKind })}</h2>
        <ul className="hub-places">
          {places.data.map(({ state, cities }) => (
            <li key={state} className="stack-sm">
              <a className="hub-places__state" href={pageHref(landingPagePath({ pageType: 'state', section, state }))}>
                {capitalized(message('ui.landing.places.stateLink', { providerKind, state: stateName(state) }))}
              </a>
              <ul className="hub-places__cities">
                {cities.map((city) => (
                  <li key={city}>
                    <a href={pageHref(landingPagePath({ pageType: 'city', section, state, city }))}>{city}</a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function LandingPageScreen() {
  const { pathname, search } = useLocation();
  const resolved = resolveLandingPage(pathname);
  if (!resolved) {
    return (
      <div className="container section message-page stack">
        <h1>{system.notFound.heading}</h1>
        <p>{system.notFound.text}</p>
        <p>
          <Link className="btn btn--primary" to="/">
            {system.notFound.homeAction}
          </Link>
        </p>
      </div>
    );
  }
  const { content } = resolved;
  return (
    <>
      <section className="hero">
        <div className="container stack">
          <h1>{capitalized(content.heading)}</h1>
          <p className="hero__lead">{content.intro}</p>
          <p>
            <Link className="btn btn--primary" to={resolved.searchHref}>
              {content.callToAction.button}
            </Link>
          </p>
        </div>
      </section>
      {isListable(resolved.page) ? (
        <LandingProviders page={resolved.page} pageNumber={landingPageNumber(new URLSearchParams(search))} pathname={pathname.replace(/\/+$/, '')} />
      ) : null}
      <section className="section">
        <div className="container grid">
          {content.sections.map((s) => (
            <div key={s.heading} className="card stack-sm">
              <h2>{s.heading}</h2>
              <p className="muted">{s.text}</p>
            </div>
          ))}
        </div>
      </section>
      {resolved.page.pageType === 'hub' ? <HubPlaces section={resolved.page.section} /> : null}
      {(content.blocks ?? []).map((name) => (
        <Block key={name} name={name} resolved={resolved} />
      ))}
      <section className="section cta">
        <div className="container cta__inner">
          <div className="stack">
            <h2>{content.callToAction.heading}</h2>
            {content.callToAction.text ? <p>{content.callToAction.text}</p> : null}
            <p>
              <Link className="btn btn--primary" to={resolved.searchHref}>
                {content.callToAction.button}
              </Link>
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
