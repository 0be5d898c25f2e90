/**
 * The filter panel of provider search: one group per filter type with the API's display values and
 * descriptions (GET /providers/filters), values of one type as checkboxes (any of them matches).
 * Long groups show their first values and a toggle for the rest.
 */
import { useId, useState } from 'react';
import copy from '@/generated/content/provider-search';
import { enums } from '@/generated/enums';
import { fillContent } from '@/domain/content-text';
import { searchFilterTypes, toggledFilterValue, type ProviderSearch, type SearchFilterType } from '@/domain/provider-search';
import type { Filter } from './queries';

const SHORT_LIST = 5;

export function groupFilters(filters: readonly Filter[]): Map<SearchFilterType, Filter[]> {
  const groups = new Map<SearchFilterType, Filter[]>();
  for (const type of searchFilterTypes) {
    const values = filters.filter((f) => f.type === type).sort((a, b) => a.priority - b.priority || a.displayValue.localeCompare(b.displayValue));
    if (values.length) groups.set(type, values);
  }
  return groups;
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
      <legend className="filter-group__legend">{enums.filterType.labels[type]}</legend>
      <ul className="filter-group__list" id={`${id}-list`}>
        {visible.map((f) => {
          const inputId = `${id}-${f.id}`;
          return (
            <li key={f.id} className="filter-option">
              <input
                id={inputId}
                type="checkbox"
                checked={chosen.includes(f.value)}
                onChange={() => onChange(toggledFilterValue(search, type, f.value))}
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
        })}
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
