/**
 * Provider search (/app/providers, product-spec §2): providers licensed in the visitor's state,
 * narrowed by every filter type, ordered by distance or availability, ten a page, each with its
 * first open time; the availability modal starts a booking. Everything searched is in the URL, so
 * a search can be shared and survives a reload. A location without a state is geocoded first.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import copySpec from '@/generated/content/provider-search';
import type { AppointmentMode, CounselingType, TimeOfDay } from '@/generated/enums';
import { parseProviderSearch, providerSearchParams, searchApiQuery, withoutFilters, type ProviderSearch } from '@/domain/provider-search';
import { isApiError } from '@/client/api/errors';
import { Dialog } from '@/client/ui/Dialog';
import { Skeleton } from '@/client/ui/Skeleton';
import { AvailabilityModal } from './AvailabilityModal';
import { filtersQuery, firstSlotsQuery, geocodeQuery, searchQuery, useGeocode, type Provider } from './queries';
import { SearchFilters } from './SearchFilters';
import { useStartBooking } from './useStartBooking';
import { PartnerAgentHome } from './PartnerAgentHome';
import { useAppSelector } from '@/client/store/hooks';
import { selectAuthStatus, selectPermissions } from '@/client/store/auth/slice';
import { preloadScreenWhenIdle } from '@/client/runtime/navigation/preload';
import { profilePathOf } from './paths';
import type { RouteDataContext, RouteDataResult } from '@/client/runtime/ssr/route-data';
import { useDocumentMode } from '@/client/runtime/ssr/document-mode';
import { SearchDocument } from './SearchDocument';
import { onlyOne, slotQueryOf, withoutPlace, withPlace } from './search-view';
import { LocationForm } from './SearchParts';
import { SearchHeader, SearchLayout, SearchResults, useSearchResults } from './SearchResults';
import './visitor.css';
import { errorTemplate, liveDocument } from '@/domain/translations';

const copy = liveDocument('content', copySpec);

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

/** With a place in its address the search is a document page (src/client/features/visitor/SearchDocument.tsx); else the app's. */
export default function ProviderSearchPage() {
  return useDocumentMode() ? <SearchDocument /> : <SearchApp />;
}

function SearchApp() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const search = useMemo(() => parseProviderSearch(params), [params]);
  const startBooking = useStartBooking();
  const isPartnerAgent = useAppSelector(selectPermissions).isThirdPartyAgent;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [timesFor, setTimesFor] = useState<Provider>();
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  // Choosing a time opens the booking page (identity verification first for a visitor who is not signed in):
  // its code arrives while the person reads the results, so the tap never waits on a download.
  const signedIn = useAppSelector(selectAuthStatus) === 'authenticated';
  useEffect(() => preloadScreenWhenIdle(signedIn ? 'booking' : 'bookingVerifyUser'), [signedIn]);

  const hrefOf = (next: ProviderSearch) => {
    const query = providerSearchParams(next).toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
  };
  const go = (next: ProviderSearch, options?: { replace?: boolean }) => void navigate(hrefOf(next), options);

  // A place without a state (from the home page, a shared link, the location form): geocode it once.
  const needsPlace = !search.state && Boolean(search.location);
  const place = useGeocode(search.location ?? '', needsPlace);
  useEffect(() => {
    const result = place.data?.status === 'OK' ? place.data.result : undefined;
    if (needsPlace && result) {
      go({ ...search, state: result.state, latitude: result.latitude, longitude: result.longitude }, { replace: true });
    }
    // go changes with every render; the answer and the need decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needsPlace, place.data]);
  const placeError = needsPlace && (place.data?.status === 'ZERO_RESULTS' || place.isError) ? errorTemplate('LOCATION_NOT_FOUND') : undefined;

  const data = useSearchResults(search);
  const { results, groups, filterCount } = data;

  // Paging moves focus to the top of the results, so keyboard and screen-reader users start there.
  const lastPage = useRef(search.page);
  useEffect(() => {
    if (lastPage.current !== search.page && resultsHeading.current) {
      resultsHeading.current.focus();
      resultsHeading.current.scrollIntoView({ block: 'start' });
    }
    lastPage.current = search.page;
  }, [search.page]);

  const searchError = results.isError ? results.error : undefined;
  const locationRefused = isApiError(searchError) && searchError.errorCode === 'LOCATION_NOT_FOUND';

  return (
    <div className="container search-page">
      <SearchHeader search={search}>
        <LocationForm
          key={search.location ?? ''}
          search={search}
          error={placeError ?? (locationRefused ? errorTemplate('LOCATION_NOT_FOUND') : undefined)}
          onSubmit={(text) => go({ ...withoutPlace(search), location: text || undefined, page: 1 })}
        />
      </SearchHeader>

      {/* A partner agent starts here (product-spec): their partner, its members and their sessions, above the search. */}
      {isPartnerAgent ? <PartnerAgentHome /> : null}

      {search.state ? (
        <SearchLayout
          filters={groups.size ? <SearchFilters groups={groups} search={search} onChange={(next) => go(next)} /> : <FilterSkeleton />}
          activeCount={filterCount}
          onSkip={() => {
            resultsHeading.current?.focus();
            resultsHeading.current?.scrollIntoView({ block: 'start' });
          }}
        >
          <SearchResults
            search={search}
            data={data}
            navigation={{ hrefOf, go }}
            status={searchError && !locationRefused ? 'error' : results.isPending ? 'pending' : 'ready'}
            onRetry={() => void results.refetch()}
            headingRef={resultsHeading}
            onOpenFilters={() => setFiltersOpen(true)}
            onSeeTimes={setTimesFor}
          />
        </SearchLayout>
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
