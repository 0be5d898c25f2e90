/**
 * Global state (product-spec §3): what a visit keeps across screens. Today that is the provider search
 * query a third-party agent's visit carries (partnershipCode, product-spec §6). The search screen reads
 * provider filters from the API itself; no screen keeps CRM details or a booking attribution here.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface GlobalState {
  /** the provider search query kept for the visit (a third-party agent's partnershipCode, product-spec §6) */
  searchQuery?: Record<string, string>;
}

const initialGlobal: GlobalState = {};

const globalSlice = createSlice({
  name: 'global',
  initialState: initialGlobal,
  reducers: {
    /** Merges into the stored search query; undefined forgets it. */
    searchQuerySaved(state, action: PayloadAction<Record<string, string> | undefined>) {
      state.searchQuery = action.payload ? { ...state.searchQuery, ...action.payload } : undefined;
    },
  },
});

export const { searchQuerySaved } = globalSlice.actions;
export const globalReducer = globalSlice.reducer;
export const selectSearchQuery = (s: { global: GlobalState }) => s.global.searchQuery;
