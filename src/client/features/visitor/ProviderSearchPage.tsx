/**
 * Provider search (/app/providers, product-spec §2): providers licensed in the visitor's state,
 * narrowed by every filter type, ordered by distance or availability, ten a page, each with its
 * first open time; the availability modal starts a booking. Everything searched is in the URL, so
 * a search can be shared and survives a reload. A location without a state is geocoded first.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import copy from '@/generated/content/provider-search';
import { constants } from '@/generated/constants';
import { enums, type AppointmentMode, type CounselingType, type SortOption, type TimeOfDay } from '@/generated/enums';
import { errorCatalogue } from '@/generated/errors';
import { messages } from '@/generated/messages';
import { fillContent } from '@/domain/content-text';
import { formatPhone, telHref } from '@/domain/phone';
import {
  activeFilterCount,
  parseProviderSearch,
  providerSearchParams,
  searchApiQuery,
  toggledFilterValue,
  withoutFilters,
  type ProviderSearch,
  type SearchFilterType,
} from '@/domain/provider-search';
import { useApi } from '@/client/api/api-context';
import { isApiError } from '@/client/api/errors';
import { PageLoadError } from '@/client/app/PageLoadError';
import { Dialog } from '@/client/ui/Dialog';
import { Skeleton } from '@/client/ui/Skeleton';
import { stateName } from '@/client/ui/format';
import { AvailabilityModal } from './AvailabilityModal';
import { ProviderCard } from './ProviderCard';
import { filtersQuery, firstSlotsQuery, geocodeQuery, searchQuery, type Filter, type Provider } from './queries';
import { groupFilters, SearchFilters } from './SearchFilters';
import { useStartBooking } from './useStartBooking';
import { profilePathOf } from './paths';
import type { RouteDataContext, RouteDataResult } from '@/client/runtime/ssr/route-data';
import { useDocumentMode } from '@/client/runtime/ssr/document-mode';
import { SearchDocument } from './SearchDocument';
import { onlyOne, searchWaitlistPath, slotQueryOf, withoutPlace, withPlace } from './search-view';
import { LocationForm, Pagination } from './SearchParts';
import './visitor.css';

const searchPhone = constants.phoneLines.providerSearch;

/**
 * On the server: a search with a place renders its first page of results, with their first open
 * times and the filters, in the HTML. A place typed without a state (the home page's form, a shared
 * link) is geocoded here first, so the document page shows the results of the place it names (the
 * browser's app, reached by a link inside it, geocodes itself).
 */
export async function loadData(context: RouteDataContext): Promise<RouteDataResult> {
  const asked = parseProviderSearch(context.search);
  const search = asked.state || !asked.location ? asked : await placedSearch(context, asked);
  const apiQuery = searchApiQuery(search);
  if (!apiQuery || !search.state) return {};
  const [results] = await Promise.all([
    context.queryClient.fetchQuery(searchQuery(context.api, apiQuery)).catch(() => undefined),
    context.queryClient.prefetchQuery(filtersQuery(context.api, search.state)),
    context.queryClient.prefetchQuery(filtersQuery(context.api)),
  ]);
  const ids = results?.items.map((p) => p.id) ?? [];
  if (ids.length) await context.queryClient.prefetchQuery(firstSlotsQuery(context.api, ids, slotQueryOf(search)));
  return {};
}

/** The search at the place a location names (its state and coordinates), or the search as asked when the place is unknown. */
async function placedSearch(context: RouteDataContext, search: ProviderSearch): Promise<ProviderSearch> {
  const place = await context.queryClient.fetchQuery(geocodeQuery(context.api, search.location ?? '')).catch(() => undefined);
  return withPlace(search, place);
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

/** With a place in its address the search is a document page (src/client/features/visitor/SearchDocument.tsx); else the app's. */
export default function ProviderSearchPage() {
  return useDocumentMode() ? <SearchDocument /> : <SearchApp />;
}

function SearchApp() {
  const api = useApi();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const search = useMemo(() => parseProviderSearch(params), [params]);
  const startBooking = useStartBooking();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [timesFor, setTimesFor] = useState<Provider>();
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const hrefOf = (next: ProviderSearch) => {
    const query = providerSearchParams(next).toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
  };
  const go = (next: ProviderSearch, options?: { replace?: boolean }) => void navigate(hrefOf(next), options);

  // A place without a state (from the home page, a shared link, the location form): geocode it once.
  const needsPlace = !search.state && Boolean(search.location);
  const place = useQuery({ ...geocodeQuery(api, search.location ?? ''), enabled: needsPlace });
  useEffect(() => {
    const result = place.data?.status === 'OK' ? place.data.result : undefined;
    if (needsPlace && result) {
      go({ ...search, state: result.state, latitude: result.latitude, longitude: result.longitude }, { replace: true });
    }
    // go changes with every render; the answer and the need decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needsPlace, place.data]);
  const placeError = needsPlace && (place.data?.status === 'ZERO_RESULTS' || place.isError) ? errorCatalogue.LOCATION_NOT_FOUND.message : undefined;

  const apiQuery = searchApiQuery(search);
  const stateFilters = useQuery({ ...filtersQuery(api, search.state), enabled: Boolean(search.state) });
  const allFilters = useQuery(filtersQuery(api));
  const results = useQuery({ ...searchQuery(api, apiQuery ?? { state_code: '' }), enabled: apiQuery !== undefined, placeholderData: keepPreviousData });
  const providers = useMemo(() => results.data?.items ?? [], [results.data]);
  const slotQuery = slotQueryOf(search);
  const providerIds = providers.map((p) => p.id);
  const firstSlots = useQuery({ ...firstSlotsQuery(api, providerIds, slotQuery), enabled: providerIds.length > 0 && !results.isPlaceholderData });
  const firstSlotOf = (id: string) => (firstSlots.data ? (firstSlots.data.items.find((i) => i.providerId === id)?.slot ?? null) : undefined);

  // Filters of the visitor's state; the types no provider carries (time of day, order) from the whole catalogue.
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

  // Paging moves focus to the top of the results, so keyboard and screen-reader users start there.
  const lastPage = useRef(search.page);
  useEffect(() => {
    if (lastPage.current !== search.page && resultsHeading.current) {
      resultsHeading.current.focus();
      resultsHeading.current.scrollIntoView({ block: 'start' });
    }
    lastPage.current = search.page;
  }, [search.page]);

  const total = results.data?.total ?? 0;
  const filterCount = activeFilterCount(search);
  const chips = (Object.entries(search.filters) as [SearchFilterType, string[]][]).flatMap(([type, values]) =>
    values.map((value) => ({ type, value, label: displayOf(type, value)?.displayValue ?? value })),
  );
  const heading = search.state ? fillContent(copy.heading, { state: stateName(search.state) }) : copy.headingNoLocation;

  const searchError = results.isError ? results.error : undefined;
  const locationRefused = isApiError(searchError) && searchError.errorCode === 'LOCATION_NOT_FOUND';

  return (
    <div className="container search-page">
      <header className="search-page__header stack-sm">
        <h1>{heading}</h1>
        {search.state ? (
          <p className="muted">{fillContent(copy.intro, { state: stateName(search.state) })}</p>
        ) : (
          <p className="muted">{copy.location.needed}</p>
        )}
        <LocationForm
          key={search.location ?? ''}
          search={search}
          error={placeError ?? (locationRefused ? errorCatalogue.LOCATION_NOT_FOUND.message : undefined)}
          onSubmit={(text) => go({ ...withoutPlace(search), location: text || undefined, page: 1 })}
        />
      </header>

      {search.state ? (
        <div className="search-layout">
          {/* Keyboard users reach the results without passing every filter first. */}
          <a
            className="search-layout__skip"
            href="#results-heading"
            onClick={(e) => {
              e.preventDefault();
              resultsHeading.current?.focus();
              resultsHeading.current?.scrollIntoView({ block: 'start' });
            }}
          >
            {messages['ui.search.skipToResults']}
          </a>
          <aside className="search-layout__filters" aria-labelledby="filters-heading">
            <h2 id="filters-heading" className="search-layout__filters-heading">
              {copy.filters.heading}
            </h2>
            {groups.size ? <SearchFilters groups={groups} search={search} onChange={(next) => go(next)} /> : <FilterSkeleton />}
          </aside>

          <section className="search-layout__results" aria-labelledby="results-heading">
            <div className="results-bar">
              <h2 id="results-heading" className="results-bar__count" ref={resultsHeading} tabIndex={-1} aria-live="polite">
                {results.isPending ? copy.results.loading : total === 1 ? copy.results.countOne : fillContent(copy.results.count, { count: total })}
              </h2>
              <div className="results-bar__tools">
                <button type="button" className="btn btn--secondary results-bar__filters" onClick={() => setFiltersOpen(true)}>
                  {filterCount ? fillContent(copy.filters.openWithCount, { count: filterCount }) : copy.filters.open}
                </button>
                <div className="field results-bar__sort">
                  <label className="field__label" htmlFor="search-sort">
                    {copy.sort.label}
                  </label>
                  <select
                    id="search-sort"
                    className="select"
                    value={search.orderBy ?? results.data?.orderBy ?? enums.sortOption.values[0]}
                    onChange={(e) => go({ ...search, orderBy: e.target.value as SortOption, page: 1 })}
                  >
                    {enums.sortOption.options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {sortLabels.get(o.value) ?? o.label}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            </div>

            {chips.length ? (
              <ul className="filter-chips" aria-label={copy.filters.heading}>
                {chips.map((c) => (
                  <li key={`${c.type}:${c.value}`}>
                    <button
                      type="button"
                      className="filter-chip"
                      onClick={() => go(toggledFilterValue(search, c.type, c.value))}
                      aria-label={fillContent(copy.filters.remove, { label: c.label })}
                    >
                      {c.label} <span aria-hidden="true">×</span>
                    </button>
                  </li>
                ))}
                <li>
                  <button type="button" className="btn btn--ghost filter-chips__clear" onClick={() => go(withoutFilters(search))}>
                    {copy.filters.clear}
                  </button>
                </li>
              </ul>
            ) : null}

            {searchError && !locationRefused ? (
              <div className="stack">
                <PageLoadError phone={searchPhone} />
                <button type="button" className="btn btn--secondary" onClick={() => void results.refetch()}>
                  {copy.location.submit}
                </button>
              </div>
            ) : results.isPending ? (
              <ResultsSkeleton />
            ) : total === 0 ? (
              <div className="empty-state card stack-sm">
                <h3>{copy.empty.heading}</h3>
                <p>{copy.empty.text}</p>
                <div className="cluster">
                  {filterCount ? (
                    <button type="button" className="btn btn--primary" onClick={() => go(withoutFilters(search))}>
                      {copy.empty.clear}
                    </button>
                  ) : null}
                  <a className="btn btn--secondary" href={telHref(searchPhone)}>
                    {fillContent(copy.empty.call, { phone: formatPhone(searchPhone) })}
                  </a>
                </div>
              </div>
            ) : (
              <ol className={`results-list${results.isPlaceholderData ? ' results-list--updating' : ''}`} aria-busy={results.isPlaceholderData}>
                {providers.map((p) => (
                  <li key={p.id}>
                    <ProviderCard provider={p} profilePath={profilePathOf(p)} firstSlot={firstSlotOf(p.id)} displayOf={displayOf} onSeeTimes={setTimesFor} />
                  </li>
                ))}
              </ol>
            )}
            {results.data && total > 0 ? <Pagination search={search} total={total} hrefOf={(page) => hrefOf({ ...search, page })} /> : null}
            {results.data && search.state ? (
              <p>
                <Link to={searchWaitlistPath(search)}>{messages['ui.waitlist.searchJoin']}</Link>
              </p>
            ) : null}
          </section>
        </div>
      ) : null}

      <Dialog
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        title={copy.filters.heading}
        closeLabel={copy.filters.close}
        footer={
          <>
            {filterCount ? (
              <button type="button" className="btn btn--ghost" onClick={() => go(withoutFilters(search))}>
                {copy.filters.clear}
              </button>
            ) : null}
            <button type="button" className="btn btn--primary" onClick={() => setFiltersOpen(false)}>
              {copy.filters.apply}
            </button>
          </>
        }
      >
        <SearchFilters groups={groups} search={search} onChange={(next) => go(next, { replace: true })} />
      </Dialog>

      <AvailabilityModal
        provider={timesFor}
        profilePath={timesFor ? profilePathOf(timesFor) : undefined}
        initialMode={onlyOne<AppointmentMode>(search.filters.availability_type)}
        initialTimeOfDay={onlyOne<TimeOfDay>(search.filters.time_of_day)}
        counselingType={onlyOne<CounselingType>(search.filters.counseling_type)}
        searchedCounselingTypes={search.filters.counseling_type}
        onClose={() => setTimesFor(undefined)}
        onChoose={(slot, provider) =>
          startBooking(slot, provider, {
            searchedCounselingTypes: search.filters.counseling_type,
            selfPay: search.selfPay,
            partnershipCode: search.partnershipCode,
          })
        }
      />
    </div>
  );
}

function FilterSkeleton() {
  return (
    <div className="stack-sm" aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height="6rem" />
      ))}
    </div>
  );
}
