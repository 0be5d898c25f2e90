/**
 * Provider search as a document page (a search with a place: documentWhenQuery in specs/routes.yaml):
 * rendered on the server with its first page of results and their first open times, never hydrated.
 * Everything works as plain HTML: the filters and the order are GET forms, the chips, paging and
 * "clear" are links or GET forms, a place without a state is geocoded on the server. The
 * provider-search island (src/client/islands/provider-search.ts) only sends the forms when a box is
 * ticked, opens the filters in a dialog on phones, and opens a provider's times in a dialog: the
 * profile's own picker (a document too), whose times are links into the booking flow.
 */
import { useId, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import copy from '@/generated/content/provider-search';
import { constants } from '@/generated/constants';
import { routeById } from '@/generated/routes';
import { enums } from '@/generated/enums';
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
import { useDocumentMode } from '@/client/runtime/ssr/document-mode';
import { PageLoadError } from '@/client/app/PageLoadError';
import { HiddenFields } from '@/client/ui/HiddenFields';
import { Skeleton } from '@/client/ui/Skeleton';
import { stateName } from '@/client/ui/format';
import { islandAttribute, PENDING_ATTRIBUTE, SEARCH_ATTRIBUTES } from '@/client/islands/names';
import { ProviderCard } from './ProviderCard';
import { filtersQuery, firstSlotsQuery, geocodeQuery, searchQuery, type Filter } from './queries';
import { groupFilters } from './SearchFilters';
import { LocationForm, Pagination } from './SearchParts';
import { searchWaitlistPath, slotQueryOf, timesContextParams, withoutPlace, withPlace } from './search-view';
import { profilePathOf } from './paths';
import '@/client/ui/dialog.css';
import './visitor.css';

const searchPhone = constants.phoneLines.providerSearch;
const SHORT_LIST = 5;
const RESULTS_HEADING = 'results-heading';

/** The filter form: one group of checkboxes per type; long groups fold their other values into a disclosure. */
function FilterForm({ groups, search, action }: { groups: Map<SearchFilterType, Filter[]>; search: ProviderSearch; action: string }) {
  const id = useId();
  const option = (type: SearchFilterType, f: Filter) => {
    const inputId = `${id}-${f.id}`;
    return (
      <li key={f.id} className="filter-option">
        <input
          id={inputId}
          type="checkbox"
          name={type}
          value={f.value}
          defaultChecked={(search.filters[type] ?? []).includes(f.value)}
          aria-describedby={f.description ? `${inputId}-hint` : undefined}
        />
        <span className="filter-option__text">
          <label htmlFor={inputId} className="filter-option__label">
            {f.displayValue}
          </label>
          {f.description ? (
            <span id={`${inputId}-hint`} className="filter-option__hint">
              {f.description}
            </span>
          ) : null}
        </span>
      </li>
    );
  };
  return (
    <form className="search-filters" method="get" action={action} {...{ [SEARCH_ATTRIBUTES.autoSubmit]: '' }}>
      <HiddenFields params={providerSearchParams({ ...withoutFilters(search), page: 1 })} />
      {[...groups.entries()].map(([type, values]) => {
        const chosen = search.filters[type] ?? [];
        const long = values.length > SHORT_LIST + 1;
        const first = long ? values.filter((f, i) => i < SHORT_LIST || chosen.includes(f.value)) : values;
        const rest = long ? values.filter((f) => !first.includes(f)) : [];
        return (
          <fieldset key={type} className="filter-group">
            <legend className="filter-group__legend">{enums.filterType.labels[type]}</legend>
            <ul className="filter-group__list">{first.map((f) => option(type, f))}</ul>
            {rest.length ? (
              <details className="filter-group__rest">
                <summary className="btn btn--ghost filter-group__more">{fillContent(copy.filters.showMore, { count: values.length })}</summary>
                <ul className="filter-group__list">{rest.map((f) => option(type, f))}</ul>
              </details>
            ) : null}
          </fieldset>
        );
      })}
      {/* With the script a ticked box sends the form at once; without it, this button does. */}
      <noscript>
        <button type="submit" className="btn btn--primary">
          {copy.filters.apply}
        </button>
      </noscript>
    </form>
  );
}

export function SearchDocument() {
  const api = useApi();
  const documentMode = useDocumentMode();
  const asked = useMemo(() => parseProviderSearch(documentMode?.search ?? new URLSearchParams()), [documentMode]);
  // A place typed without a state was geocoded by the server's loader: the same cached answer.
  const needsPlace = !asked.state && Boolean(asked.location);
  const place = useQuery({ ...geocodeQuery(api, asked.location ?? ''), enabled: needsPlace });
  const search = needsPlace ? withPlace(asked, place.data) : asked;
  const path = routeById.providerSearch.path;
  const hrefOf = (next: ProviderSearch, hash = '') => {
    const query = providerSearchParams(next).toString();
    return `${path}${query ? `?${query}` : ''}${hash}`;
  };

  const apiQuery = searchApiQuery(search);
  const stateFilters = useQuery({ ...filtersQuery(api, search.state), enabled: Boolean(search.state) });
  const allFilters = useQuery(filtersQuery(api));
  const results = useQuery({ ...searchQuery(api, apiQuery ?? { state_code: '' }), enabled: apiQuery !== undefined });
  const providers = results.data?.items ?? [];
  const ids = providers.map((p) => p.id);
  const firstSlots = useQuery({ ...firstSlotsQuery(api, ids, slotQueryOf(search)), enabled: ids.length > 0 });
  const firstSlotOf = (id: string) => (firstSlots.data ? (firstSlots.data.items.find((i) => i.providerId === id)?.slot ?? null) : undefined);

  const groups = useMemo(() => {
    const own = stateFilters.data?.items ?? [];
    const ownTypes = new Set(own.map((f) => f.type));
    const extra = (allFilters.data?.items ?? []).filter((f) => !ownTypes.has(f.type));
    return groupFilters([...own, ...extra]);
  }, [stateFilters.data, allFilters.data]);
  const displayIndex = new Map<string, Filter>();
  for (const f of [...(allFilters.data?.items ?? []), ...(stateFilters.data?.items ?? [])]) displayIndex.set(`${f.type}:${f.value}`, f);
  const displayOf = (type: string, value: string) => displayIndex.get(`${type}:${value}`);
  const sortLabels = new Map((allFilters.data?.items ?? []).filter((f) => f.type === 'orderBy').map((f) => [f.value, f.displayValue]));

  const placeError = needsPlace && !search.state ? errorCatalogue.LOCATION_NOT_FOUND.message : undefined;
  const total = results.data?.total ?? 0;
  const filterCount = activeFilterCount(search);
  const chips = (Object.entries(search.filters) as [SearchFilterType, string[]][]).flatMap(([type, values]) =>
    values.map((value) => ({ type, value, label: displayOf(type, value)?.displayValue ?? value })),
  );
  const heading = search.state ? fillContent(copy.heading, { state: stateName(search.state) }) : copy.headingNoLocation;
  const timesContext = timesContextParams(search);
  const timesHref = (profilePath: string) => `${profilePath}?${timesContext.toString()}`;
  // The address the search stands for (a typed place with its state and coordinates): the island shows it in the address bar.
  const address = hrefOf(search);
  const filtersDialogTitle = useId();
  const timesDialogTitle = useId();

  return (
    <div className="container search-page" {...islandAttribute('provider-search')} {...{ [SEARCH_ATTRIBUTES.address]: address }}>
      <header className="search-page__header stack-sm">
        <h1>{heading}</h1>
        {search.state ? (
          <p className="muted">{fillContent(copy.intro, { state: stateName(search.state) })}</p>
        ) : (
          <p className="muted">{copy.location.needed}</p>
        )}
        <LocationForm search={search} onSubmit={() => undefined} error={placeError} keep={providerSearchParams({ ...withoutPlace(search), page: 1 })} />
      </header>

      {search.state ? (
        <div className="search-layout">
          <a className="search-layout__skip" href={`#${RESULTS_HEADING}`}>
            {messages['ui.search.skipToResults']}
          </a>
          <aside className="search-layout__filters" aria-labelledby="filters-heading">
            <h2 id="filters-heading" className="search-layout__filters-heading">
              {copy.filters.heading}
            </h2>
            <FilterForm groups={groups} search={search} action={path} />
          </aside>

          <section className="search-layout__results" aria-labelledby={RESULTS_HEADING}>
            <div className="results-bar">
              <h2 id={RESULTS_HEADING} className="results-bar__count" tabIndex={-1}>
                {total === 1 ? copy.results.countOne : fillContent(copy.results.count, { count: total })}
              </h2>
              <div className="results-bar__tools">
                <button type="button" className="btn btn--secondary results-bar__filters" {...{ [SEARCH_ATTRIBUTES.openFilters]: '', [PENDING_ATTRIBUTE]: '' }}>
                  {filterCount ? fillContent(copy.filters.openWithCount, { count: filterCount }) : copy.filters.open}
                </button>
                <form className="field results-bar__sort" method="get" action={path} {...{ [SEARCH_ATTRIBUTES.autoSubmit]: '' }}>
                  <HiddenFields params={providerSearchParams({ ...search, page: 1 })} except={[constants.providerSearchParams.orderBy]} />
                  <label className="field__label" htmlFor="search-sort">
                    {copy.sort.label}
                  </label>
                  <select
                    id="search-sort"
                    className="select"
                    name={constants.providerSearchParams.orderBy}
                    defaultValue={search.orderBy ?? results.data?.orderBy ?? enums.sortOption.values[0]}
                  >
                    {enums.sortOption.options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {sortLabels.get(o.value) ?? o.label}
                      </option>
                    ))}
                  </select>
                  <noscript>
                    <button type="submit" className="btn btn--secondary">
                      {copy.filters.apply}
                    </button>
                  </noscript>
                </form>
              </div>
            </div>

            {chips.length ? (
              <ul className="filter-chips" aria-label={copy.filters.heading}>
                {chips.map((c) => (
                  <li key={`${c.type}:${c.value}`}>
                    <a
                      className="filter-chip"
                      href={hrefOf(toggledFilterValue(search, c.type, c.value))}
                      aria-label={fillContent(copy.filters.remove, { label: c.label })}
                    >
                      {c.label} <span aria-hidden="true">×</span>
                    </a>
                  </li>
                ))}
                <li>
                  <a className="btn btn--ghost filter-chips__clear" href={hrefOf(withoutFilters(search))}>
                    {copy.filters.clear}
                  </a>
                </li>
              </ul>
            ) : null}

            {results.isError || !results.data ? (
              <div className="stack">
                <PageLoadError phone={searchPhone} />
                <a className="btn btn--secondary" href={address}>
                  {copy.location.submit}
                </a>
              </div>
            ) : total === 0 ? (
              <div className="empty-state card stack-sm">
                <h3>{copy.empty.heading}</h3>
                <p>{copy.empty.text}</p>
                <div className="cluster">
                  {filterCount ? (
                    <form method="get" action={path}>
                      <HiddenFields params={providerSearchParams(withoutFilters(search))} />
                      <button type="submit" className="btn btn--primary">
                        {copy.empty.clear}
                      </button>
                    </form>
                  ) : null}
                  <a className="btn btn--secondary" href={telHref(searchPhone)}>
                    {fillContent(copy.empty.call, { phone: formatPhone(searchPhone) })}
                  </a>
                </div>
              </div>
            ) : (
              <ol className="results-list" aria-busy="false">
                {providers.map((p) => (
                  <li key={p.id}>
                    <ProviderCard
                      provider={p}
                      profilePath={profilePathOf(p)}
                      firstSlot={firstSlotOf(p.id)}
                      displayOf={displayOf}
                      onSeeTimes={() => undefined}
                      times={{ href: timesHref(profilePathOf(p)), title: fillContent(copy.availability.heading, { name: `${p.firstName} ${p.lastName}` }) }}
                    />
                  </li>
                ))}
              </ol>
            )}
            {results.data && total > 0 ? (
              <Pagination search={search} total={total} hrefOf={(page) => hrefOf({ ...search, page }, `#${RESULTS_HEADING}`)} />
            ) : null}
            {results.data && search.state ? (
              <p>
                <a href={searchWaitlistPath(search)}>{messages['ui.waitlist.searchJoin']}</a>
              </p>
            ) : null}
          </section>
        </div>
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
          <div className="dialog__body">{search.state ? <FilterForm groups={groups} search={search} action={path} /> : null}</div>
          <div className="dialog__footer">
            {filterCount ? (
              <a className="btn btn--ghost" href={hrefOf(withoutFilters(search))}>
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
              {Array.from({ length: constants.slotTableMinRows + 1 }, (_, i) => (
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
