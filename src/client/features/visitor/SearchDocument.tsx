/**
 * Provider search as a document page (a search with a place: documentWhenQuery in specs/routes.yaml):
 * rendered on the server with its first page of results and their first open times, never hydrated.
 * Everything works as plain HTML: the filters and the order are GET forms, the chips, paging and
 * "clear" are links or GET forms, a place without a state is geocoded on the server. The
 * provider-search island (src/client/islands/provider-search.ts) only sends the forms when a box is
 * ticked, opens the filters in a dialog on phones, and opens a provider's times in a dialog: the
 * profile's own picker, loaded alone (ProviderTimesFragment), whose times are links into the booking flow.
 */
import { useId, useMemo } from 'react';
import copySpec from '@/generated/content/provider-search';
import * as placesConstants from '@/generated/constants/places';
import * as timingConstants from '@/generated/constants/timing';
import { routeById } from '@/generated/routes';
import { parseProviderSearch, providerSearchParams, withoutFilters, type ProviderSearch } from '@/domain/provider-search';
import { useDocumentMode } from '@/client/runtime/ssr/document-mode';
import { PageLoadError } from '@/client/app/PageLoadError';
import { Skeleton } from '@/client/ui/Skeleton';
import { islandAttribute, SEARCH_ATTRIBUTES } from '@/client/islands/names';
import { useGeocode } from './queries';
import { LocationForm } from './SearchParts';
import { SearchHeader, SearchLayout, SearchResults, useSearchResults } from './SearchResults';
import { FilterForm } from './SearchFilters';
import { timesContextParams, withoutPlace, withPlace } from './search-view';
import { providerTimesPathOf } from './paths';
import '@/client/ui/dialog.css';
import './visitor.css';
import { pageHref } from '@/client/app/page-href';
import { errorTemplate, liveDocument } from '@/domain/translations';

const copy = liveDocument('content', copySpec);

const searchPhone = placesConstants.phoneLines.providerSearch;

export function SearchDocument() {
  const documentMode = useDocumentMode();
  const asked = useMemo(() => parseProviderSearch(documentMode?.search ?? new URLSearchParams()), [documentMode]);
  // A place typed without a state was geocoded by the server's loader: the same cached answer.
  const needsPlace = !asked.state && Boolean(asked.location);
  const place = useGeocode(asked.location ?? '', needsPlace);
  const search = needsPlace ? withPlace(asked, place.data) : asked;
  const path = routeById.providerSearch.path;
  const hrefOf = (next: ProviderSearch, hash = '') => {
    const query = providerSearchParams(next).toString();
    return `${path}${query ? `?${query}` : ''}${hash}`;
  };

  const data = useSearchResults(search);
  const { results, groups, filterCount } = data;
  const placeError = needsPlace && !search.state ? errorTemplate('LOCATION_NOT_FOUND') : undefined;
  const timesContext = timesContextParams(search).toString();
  // The address the search stands for (a typed place with its state and coordinates): the island shows it in the address bar.
  const address = pageHref(hrefOf(search));
  const filtersDialogTitle = useId();
  const timesDialogTitle = useId();

  return (
    <div className="container search-page" {...islandAttribute('provider-search')} {...{ [SEARCH_ATTRIBUTES.address]: address }}>
      <SearchHeader search={search}>
        <LocationForm search={search} onSubmit={() => undefined} error={placeError} keep={providerSearchParams({ ...withoutPlace(search), page: 1 })} />
      </SearchHeader>

      {search.state ? (
        <SearchLayout filters={<FilterForm groups={groups} search={search} action={pageHref(path)} />} activeCount={filterCount}>
          <SearchResults
            search={search}
            data={data}
            navigation={{ hrefOf }}
            status={results.isError || !results.data ? 'error' : 'ready'}
            timesHrefOf={(p) => pageHref(`${providerTimesPathOf(p)}${timesContext ? `?${timesContext}` : ''}`)}
          />
        </SearchLayout>
      ) : null}

      {/* Dialogs the island opens: the filters on a phone, and a provider's open times. */}
      <dialog className="dialog dialog--normal" aria-labelledby={filtersDialogTitle} {...{ [SEARCH_ATTRIBUTES.filtersDialog]: '' }}>
        <div className="dialog__frame">
          <div className="dialog__header">
            <h2 id={filtersDialogTitle} className="dialog__title">
              {copy.filters.heading}
            </h2>
            <button type="button" className="btn btn--ghost dialog__close" {...{ [SEARCH_ATTRIBUTES.close]: '' }}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{copy.filters.close}</span>
            </button>
          </div>
          <div className="dialog__body">{search.state ? <FilterForm groups={groups} search={search} action={pageHref(path)} /> : null}</div>
          <div className="dialog__footer">
            {filterCount ? (
              <a className="btn btn--ghost" href={pageHref(hrefOf(withoutFilters(search)))}>
                {copy.filters.clear}
              </a>
            ) : null}
            <button type="button" className="btn btn--primary" {...{ [SEARCH_ATTRIBUTES.close]: '' }}>
              {copy.filters.apply}
            </button>
          </div>
        </div>
      </dialog>
      <dialog className="dialog dialog--wide" aria-labelledby={timesDialogTitle} {...{ [SEARCH_ATTRIBUTES.timesDialog]: '' }}>
        <div className="dialog__frame">
          <div className="dialog__header">
            <h2 id={timesDialogTitle} className="dialog__title" {...{ [SEARCH_ATTRIBUTES.timesTitle]: '' }} />
            <button type="button" className="btn btn--ghost dialog__close" {...{ [SEARCH_ATTRIBUTES.close]: '' }}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{copy.availability.close}</span>
            </button>
          </div>
          <div className="dialog__body" {...{ [SEARCH_ATTRIBUTES.timesBody]: '' }} />
          <template {...{ [SEARCH_ATTRIBUTES.timesLoading]: '' }}>
            <div className="slot-table__loading" role="status">
              <span className="visually-hidden">{copy.availability.loading}</span>
              {Array.from({ length: timingConstants.slotTableMinRows + 1 }, (_, i) => (
                <Skeleton key={i} height="2.75rem" />
              ))}
            </div>
          </template>
          <template {...{ [SEARCH_ATTRIBUTES.timesError]: '' }}>
            <PageLoadError phone={searchPhone} />
          </template>
          <div className="dialog__footer">
            <a className="btn btn--ghost" href="#" {...{ [SEARCH_ATTRIBUTES.timesProfile]: '' }}>
              {copy.availability.openProfile}
            </a>
          </div>
        </div>
      </dialog>
    </div>
  );
}
