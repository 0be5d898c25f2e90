/**
 * Global state (product-spec §3): provider filters grouped by type, the customer-relationship
 * system's details, and where a self-booking visitor came from (SMS or e-mail).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BookingAttributionSource } from '../../../generated/enums';

export interface Filter {
  id: string;
  type: string;
  value: string;
  description?: string;
  displayValue?: string;
  priority?: number;
  mappingValue?: string;
}

export interface GlobalState {
  groupedFilters: Record<string, Filter[]>;
  crmDetails?: Record<string, unknown>;
  bookingAttribution?: { source: BookingAttributionSource };
  /** the provider search query kept for the visit (a third-party agent's partnershipCode, product-spec §6) */
  searchQuery?: Record<string, string>;
}

const initialGlobal: GlobalState = { groupedFilters: {} };

/** Filters by type, each group ordered by priority. */
export function groupFilters(filters: readonly Filter[]): Record<string, Filter[]> {
  const groups: Record<string, Filter[]> = {};
  for (const f of filters) (groups[f.type] ??= []).push(f);
  for (const list of Object.values(groups)) list.sort((a, b) => (a.priority ?? Number.MAX_SAFE_INTEGER) - (b.priority ?? Number.MAX_SAFE_INTEGER));
  return groups;
}

const globalSlice = createSlice({
  name: 'global',
  initialState: initialGlobal,
  reducers: {
    filtersLoaded(state, action: PayloadAction<Filter[]>) {
      state.groupedFilters = groupFilters(action.payload);
    },
    crmDetailsSet(state, action: PayloadAction<Record<string, unknown> | undefined>) {
      state.crmDetails = action.payload;
    },
    /** Merges into the stored search query; undefined forgets it. */
    searchQuerySaved(state, action: PayloadAction<Record<string, string> | undefined>) {
      state.searchQuery = action.payload ? { ...state.searchQuery, ...action.payload } : undefined;
    },
    bookingAttributed(state, action: PayloadAction<BookingAttributionSource | undefined>) {
      state.bookingAttribution = action.payload ? { source: action.payload } : undefined;
    },
  },
});

export const { filtersLoaded, crmDetailsSet, bookingAttributed, searchQuerySaved } = globalSlice.actions;
export const globalReducer = globalSlice.reducer;
export const selectGlobal = (s: { global: GlobalState }) => s.global;
export const selectSearchQuery = (s: { global: GlobalState }) => s.global.searchQuery;
