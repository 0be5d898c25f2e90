/**
 * The results of provider search, one markup for both renderings: the app's page (a search without a
 * place, reached by the app's own navigation) and the document page (a search with a place, rendered
 * on the server and never hydrated: SearchDocument.tsx). What differs is only how a control acts,
 * given by SearchNavigation: in the app a control is a button that moves to the other search in
 * place; on a document page it is a link or a GET form (the address is the state), and the island
 * (src/client/islands/provider-search.ts) wakes what needs a script.
 */
import { useEffect, useMemo, useRef, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { keepPreviousData } from '@tanstack/react-query';
import copySpec from '@/generated/content/provider-search';
import * as marketplaceConstants from '@/generated/constants/marketplace';
import * as placesConstants from '@/generated/constants/places';
import type { SortOption } from '@/generated/enums';
import * as careEnums from '@/generated/enums/care';
import { message } from '@/domain/messages';
import { routeById } from '@/generated/routes';
import { fillContent } from '@/domain/content-text';
import { formatPhone, telHref } from '@/domain/phone';
import {
  activeFilterCount,
  providerSearchParams,
  searchApiQuery,
  toggledFilterValue,
  withoutFilters,
  type ProviderSearch,
  type SearchFilterType,
} from '@/domain/provider-search';
import { PageLoadError } from '@/client/app/PageLoadError';
import { HiddenFields } from '@/client/ui/HiddenFields';
import { Skeleton } from '@/client/ui/Skeleton';
import { stateName } from '@/client/ui/format';
import { PENDING_ATTRIBUTE, SEARCH_ATTRIBUTES } from '@/client/islands/names';
import { openFiltersOnWideScreens } from '@/client/islands/filters-disclosure';
import { ProviderCard } from './ProviderCard';
import { useFilters, useFirstSlots, useProviderSearch, type Filter, type Provider } from './queries';
import { groupFilters } from './SearchFilters';
import { Pagination } from './SearchParts';
import { searchWaitlistPath, slotQueryOf } from './search-view';
import { profilePathOf } from './paths';
import { fullName } from '@/domain/names';
import { pageHref } from '@/client/app/page-href';
import { enumOptionsOf, liveDocument } from '@/domain/translations';

const copy = liveDocument('content', copySpec);

const searchPhone = placesConstants.phoneLines.providerSearch;
export const RESULTS_HEADING = 'results-heading';

/** How the search's controls act: `go` in the app (buttons, in place); without it links and GET forms (a document page). */
export interface SearchNavigation {
  /** the address of another search (hash: where on that page it opens) */
  hrefOf: (next: ProviderSearch, hash?: string) => string;
  go?: (next: ProviderSearch) => void;
}

/** What the search shows, from the API: the results with their first open times, the filters and their display values. */
export function useSearchResults(search: ProviderSearch) {
  const apiQuery = searchApiQuery(search);
  const stateFilters = useFilters(search.state, Boolean(search.state));
  const allFilters = useFilters();
  const results = useProviderSearch(apiQuery ?? { state_code: '' }, { enabled: apiQuery !== undefined, placeholderData: keepPreviousData });
  const providers = useMemo(() => results.data?.items ?? [], [results.data]);
  const providerIds = providers.map((p) => p.id);
  const firstSlots = useFirstSlots(providerIds, slotQueryOf(search), providerIds.length > 0 && !results.isPlaceholderData);
  const firstSlotOf = (id: string) => (firstSlots.data ? (firstSlots.data.items.find((i) => i.providerId === id)?.slot ?? null) : undefined);

  // Filters of the searched state; the types no provider carries (time of day, order) from the whole catalogue.
  const groups = useMemo(() => {
    const own = stateFilters.data?.items ?? [];
    const ownTypes = new Set(own.map((f) => f.type));
    const extra = (allFilters.data?.items ?? []).filter((f) => !ownTypes.has(f.type));
    return groupFilters([...own, ...extra]);
  }, [stateFilters.data, allFilters.data]);
  const displayIndex = useMemo(() => {
    const index = new Map<string, Filter>();
    for (const f of [...(allFilters.data?.items ?? []), ...(stateFilters.data?.items ?? [])]) index.set(`${f.type}:${f.value}`, f);
    return index;
  }, [allFilters.data, stateFilters.data]);
  const displayOf = (type: string, value: string) => displayIndex.get(`${type}:${value}`);
  const sortLabels = new Map((allFilters.data?.items ?? []).filter((f) => f.type === 'orderBy').map((f) => [f.value, f.displayValue]));
  const chips = (Object.entries(search.filters) as [SearchFilterType, string[]][]).flatMap(([type, values]) =>
    values.map((value) => ({ type, value, label: displayOf(type, value)?.displayValue ?? value })),
  );
  return { results, providers, total: results.data?.total ?? 0, firstSlotOf, groups, displayOf, sortLabels, chips, filterCount: activeFilterCount(search) };
}

export type SearchResultsData = ReturnType<typeof useSearchResults>;

/** A control that leads to another search: a button in the app; a link on a document page, or a GET form's button where it is drawn as one. */
function SearchControl({
  navigation,
  to,
  className,
  label,
  formButton = false,
  children,
}: {
  navigation: SearchNavigation;
  to: ProviderSearch;
  className: string;
  label?: string;
  formButton?: boolean;
  children: ReactNode;
}) {
  const { go } = navigation;
  if (go) {
    return (
      <button type="button" className={className} onClick={() => go(to)} aria-label={label}>
        {children}
      </button>
    );
  }
  if (formButton) {
    return (
      <form method="get" action={pageHref(routeById.providerSearch.path)}>
        <HiddenFields params={providerSearchParams(to)} />
        <button type="submit" className={className} aria-label={label}>
          {children}
        </button>
      </form>
    );
  }
  return (
    <a className={className} href={pageHref(navigation.hrefOf(to))} aria-label={label}>
      {children}
    </a>
  );
}

/** The page's heading and what it is about; the location form follows. */
export function SearchHeader({ search, children }: { search: ProviderSearch; children: ReactNode }) {
  return (
    <header className="search-page__header stack-sm">
      <h1>{search.state ? fillContent(copy.heading, { state: stateName(search.state) }) : copy.headingNoLocation}</h1>
      {search.state ? <p className="muted">{fillContent(copy.intro, { state: stateName(search.state) })}</p> : <p className="muted">{copy.location.needed}</p>}
      {children}
    </header>
  );
}

/**
 * The filters beside the results, after a link past them to the results for keyboard users (in the app it moves
 * the focus itself). They are one disclosure, "Filters (n active)": closed as written (a phone, a page without a
 * script: one line), opened at once on a wide screen (src/client/islands/filters-disclosure.ts), one Tab stop for
 * a keyboard user who closes it. On a phone with a script they open in a dialog from the results' bar instead.
 */
export function SearchLayout({
  filters,
  activeCount,
  onSkip,
  children,
}: {
  filters: ReactNode;
  /** how many filter values the search has */
  activeCount: number;
  onSkip?: () => void;
  children: ReactNode;
}) {
  const disclosure = useRef<HTMLDetailsElement>(null);
  // In the app (the document page has no effects: its island does the same).
  useEffect(() => {
    if (disclosure.current) openFiltersOnWideScreens(disclosure.current);
  }, []);
  return (
    <div className="search-layout">
      <a
        className="search-layout__skip"
        href={`#${RESULTS_HEADING}`}
        onClick={
          onSkip
            ? (e) => {
                e.preventDefault();
                onSkip();
              }
            : undefined
        }
      >
        {message('ui.search.skipToResults')}
      </a>
      <aside className="search-layout__filters" aria-labelledby="filters-heading">
        <details className="filters-disclosure" ref={disclosure} {...{ [SEARCH_ATTRIBUTES.filtersDisclosure]: '' }}>
          <summary className="filters-disclosure__summary">
            <h2 id="filters-heading" className="search-layout__filters-heading">
              {activeCount ? fillContent(copy.filters.summaryWithCount, { count: activeCount }) : copy.filters.heading}
            </h2>
          </summary>
          {filters}
        </details>
      </aside>
      {children}
    </div>
  );
}

/** The order of the results: chosen in place in the app; on a document page a GET form (sent by the island as soon as it changes). */
function SortField({ search, data, navigation }: { search: ProviderSearch; data: SearchResultsData; navigation: SearchNavigation }) {
  const { go } = navigation;
  const value = search.orderBy ?? data.results.data?.orderBy ?? careEnums.sortOption.values[0];
  const field = (
    <>
      <label className="field__label" htmlFor="search-sort">
        {copy.sort.label}
      </label>
      <select
        id="search-sort"
        className="select"
        {...(go
          ? { value, onChange: (e) => go({ ...search, orderBy: e.target.value as SortOption, page: 1 }) }
          : { name: marketplaceConstants.providerSearchParams.orderBy, defaultValue: value })}
      >
        {enumOptionsOf(careEnums.sortOption).map((o) => (
          <option key={o.value} value={o.value}>
            {data.sortLabels.get(o.value) ?? o.label}
          </option>
        ))}
      </select>
    </>
  );
  if (go) return <div className="field results-bar__sort">{field}</div>;
  return (
    <form className="field results-bar__sort" method="get" action={pageHref(routeById.providerSearch.path)} {...{ [SEARCH_ATTRIBUTES.autoSubmit]: '' }}>
      <HiddenFields params={providerSearchParams({ ...search, page: 1 })} except={[marketplaceConstants.providerSearchParams.orderBy]} />
      {field}
      <noscript>
        <button type="submit" className="btn btn--secondary">
          {copy.filters.apply}
        </button>
      </noscript>
    </form>
  );
}

function ResultsSkeleton() {
  return (
    <ol className="results-list" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className="card provider-card provider-card--skeleton">
          <Skeleton width="55%" height="1.5rem" />
          <Skeleton width="35%" />
          <Skeleton width="80%" />
          <Skeleton width="60%" />
          <Skeleton width="12rem" height="2.75rem" />
        </li>
      ))}
    </ol>
  );
}

export interface SearchResultsProps {
  search: ProviderSearch;
  data: SearchResultsData;
  navigation: SearchNavigation;
  /** the results could not be had: 'error' offers to search again; 'pending' holds their place */
  status: 'ready' | 'pending' | 'error';
  /** in the app: search again in place; on a document page the search's address is loaded again */
  onRetry?: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
  /** in the app: opens the filters' dialog; on a document page the island does */
  onOpenFilters?: () => void;
  /** in the app: opens a provider's times in the availability dialog */
  onSeeTimes?: (provider: Provider) => void;
  /** on a document page: where a provider's times are, for the island's dialog */
  timesHrefOf?: (provider: Provider) => string;
}

/** The results section: count, filters button and order, chosen filters as chips, the providers or what to do without any, pages. */
export function SearchResults({ search, data, navigation, status, onRetry, headingRef, onOpenFilters, onSeeTimes, timesHrefOf }: SearchResultsProps) {
  const { results, providers, total, filterCount, chips } = data;
  const updating = results.isPlaceholderData;
  return (
    <section className="search-layout__results" aria-labelledby={RESULTS_HEADING}>
      <div className="results-bar">
        {/* In the app the count changes in place: said when it does. */}
        <h2 id={RESULTS_HEADING} className="results-bar__count" ref={headingRef} tabIndex={-1} aria-live={navigation.go ? 'polite' : undefined}>
          {status === 'pending' ? copy.results.loading : total === 1 ? copy.results.countOne : fillContent(copy.results.count, { count: total })}
        </h2>
        <div className="results-bar__tools">
          <button
            type="button"
            className="btn btn--secondary results-bar__filters"
            {...(onOpenFilters ? { onClick: onOpenFilters } : { [SEARCH_ATTRIBUTES.openFilters]: '', [PENDING_ATTRIBUTE]: '' })}
          >
            {filterCount ? fillContent(copy.filters.openWithCount, { count: filterCount }) : copy.filters.open}
          </button>
          <SortField search={search} data={data} navigation={navigation} />
        </div>
      </div>

      {chips.length ? (
        <ul className="filter-chips" aria-label={copy.filters.heading}>
          {chips.map((c) => (
            <li key={`${c.type}:${c.value}`}>
              <SearchControl
                navigation={navigation}
                to={toggledFilterValue(search, c.type, c.value)}
                className="filter-chip"
                label={fillContent(copy.filters.remove, { label: c.label })}
              >
                {c.label} <span aria-hidden="true">×</span>
              </SearchControl>
            </li>
          ))}
          <li>
            <SearchControl navigation={navigation} to={withoutFilters(search)} className="btn btn--ghost filter-chips__clear">
              {copy.filters.clear}
            </SearchControl>
          </li>
        </ul>
      ) : null}

      {status === 'error' ? (
        <div className="stack">
          <PageLoadError phone={searchPhone} />
          {onRetry ? (
            <button type="button" className="btn btn--secondary" onClick={onRetry}>
              {copy.location.submit}
            </button>
          ) : (
            <a className="btn btn--secondary" href={pageHref(navigation.hrefOf(search))}>
              {copy.location.submit}
            </a>
          )}
        </div>
      ) : status === 'pending' ? (
        <ResultsSkeleton />
      ) : total === 0 ? (
        <div className="empty-state card stack-sm">
          <h3>{copy.empty.heading}</h3>
          <p>{copy.empty.text}</p>
          <div className="cluster">
            {filterCount ? (
              <SearchControl navigation={navigation} to={withoutFilters(search)} className="btn btn--primary" formButton>
                {copy.empty.clear}
              </SearchControl>
            ) : null}
            <a className="btn btn--secondary" href={telHref(searchPhone)}>
              {fillContent(copy.empty.call, { phone: formatPhone(searchPhone) })}
            </a>
          </div>
        </div>
      ) : (
        <ol className={`results-list${updating ? ' results-list--updating' : ''}`} aria-busy={updating}>
          {providers.map((p) => {
            const profilePath = profilePathOf(p);
            return (
              <li key={p.id}>
                <ProviderCard
                  provider={p}
                  profilePath={profilePath}
                  firstSlot={data.firstSlotOf(p.id)}
                  displayOf={data.displayOf}
                  onSeeTimes={onSeeTimes}
                  times={timesHrefOf ? { href: timesHrefOf(p), title: fillContent(copy.availability.heading, { name: fullName(p) }) } : undefined}
                />
              </li>
            );
          })}
        </ol>
      )}
      {results.data && total > 0 ? (
        <Pagination search={search} total={total} hrefOf={(page) => navigation.hrefOf({ ...search, page }, navigation.go ? '' : `#${RESULTS_HEADING}`)} />
      ) : null}
      {results.data && search.state ? (
        <p>
          <Link to={searchWaitlistPath(search)}>{message('ui.waitlist.searchJoin')}</Link>
        </p>
      ) : null}
    </section>
  );
}
