/**
 * The filter panel of provider search: one group per filter type with the API's display values and
 * descriptions (GET /providers/filters), values of one type as checkboxes (any of them matches).
 * Long groups show their first values and a toggle for the rest. In the app a box changes the search
 * in place (SearchFilters); on the document page the panel is a GET form (FilterForm) whose long
 * groups fold the rest into a disclosure, and the island sends it as soon as a box is ticked.
 */
import { useId, useState, type InputHTMLAttributes } from 'react';
import copySpec from '@/generated/content/provider-search';
import { fillContent } from '@/domain/content-text';
import {
  providerSearchParams,
  searchFilterTypes,
  toggledFilterValue,
  withoutFilters,
  type ProviderSearch,
  type SearchFilterType,
} from '@/domain/provider-search';
import { HiddenFields } from '@/client/ui/HiddenFields';
import { SEARCH_ATTRIBUTES } from '@/client/islands/names';
import type { Filter } from './queries';
import { enumLabelOf, liveDocument } from '@/domain/translations';
import * as careEnums from '@/generated/enums/care';

const copy = liveDocument('content', copySpec);

const SHORT_LIST = 5;

export function groupFilters(filters: readonly Filter[]): Map<SearchFilterType, Filter[]> {
  const groups = new Map<SearchFilterType, Filter[]>();
  for (const type of searchFilterTypes) {
    const values = filters.filter((f) => f.type === type).sort((a, b) => a.priority - b.priority || a.displayValue.localeCompare(b.displayValue));
    if (values.length) groups.set(type, values);
  }
  return groups;
}

/** One value of a group: its box, its label and, when it has one, its description. */
function FilterOption({ inputId, filter, box }: { inputId: string; filter: Filter; box: InputHTMLAttributes<HTMLInputElement> }) {
  return (
    <li className="filter-option">
      <input id={inputId} type="checkbox" {...box} aria-describedby={filter.description ? `${inputId}-hint` : undefined} />
      <span className="filter-option__text">
        <label htmlFor={inputId} className="filter-option__label">
          {filter.displayValue}
        </label>
        {filter.description ? (
          <span id={`${inputId}-hint`} className="filter-option__hint">
            {filter.description}
          </span>
        ) : null}
      </span>
    </li>
  );
}

function FilterGroup({
  type,
  values,
  search,
  onChange,
}: {
  type: SearchFilterType;
  values: Filter[];
  search: ProviderSearch;
  onChange: (next: ProviderSearch) => void;
}) {
  const id = useId();
  const chosen = search.filters[type] ?? [];
  const [expanded, setExpanded] = useState(false);
  const long = values.length > SHORT_LIST + 1;
  // A chosen value stays visible even when the group is folded.
  const visible = !long || expanded ? values : values.filter((f, i) => i < SHORT_LIST || chosen.includes(f.value));
  return (
    <fieldset className="filter-group">
      <legend className="filter-group__legend">{enumLabelOf(careEnums.filterType, type)}</legend>
      <ul className="filter-group__list" id={`${id}-list`}>
        {visible.map((f) => (
          <FilterOption
            key={f.id}
            inputId={`${id}-${f.id}`}
            filter={f}
            box={{ checked: chosen.includes(f.value), onChange: () => onChange(toggledFilterValue(search, type, f.value)) }}
          />
        ))}
      </ul>
      {long ? (
        <button
          type="button"
          className="btn btn--ghost filter-group__more"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? copy.filters.showLess : fillContent(copy.filters.showMore, { count: values.length })}
        </button>
      ) : null}
    </fieldset>
  );
}

export interface SearchFiltersProps {
  groups: Map<SearchFilterType, Filter[]>;
  search: ProviderSearch;
  onChange: (next: ProviderSearch) => void;
}

export function SearchFilters({ groups, search, onChange }: SearchFiltersProps) {
  return (
    <div className="search-filters">
      {[...groups.entries()].map(([type, values]) => (
        <FilterGroup key={type} type={type} values={values} search={search} onChange={onChange} />
      ))}
    </div>
  );
}

/** The document page's filters: a GET form (the island sends it when a box is ticked; without a script its button does). */
export function FilterForm({ groups, search, action }: { groups: Map<SearchFilterType, Filter[]>; search: ProviderSearch; action: string }) {
  const id = useId();
  const option = (type: SearchFilterType, f: Filter) => (
    <FilterOption
      key={f.id}
      inputId={`${id}-${f.id}`}
      filter={f}
      box={{ name: type, value: f.value, defaultChecked: (search.filters[type] ?? []).includes(f.value) }}
    />
  );
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
            <legend className="filter-group__legend">{enumLabelOf(careEnums.filterType, type)}</legend>
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
