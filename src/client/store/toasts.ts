/** Toasts (product-spec §8): error and success notes at the bottom left, dismissed on the next click or after a while. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

export interface ToastsState {
  items: Toast[];
  nextId: number;
}

const initialState: ToastsState = { items: [], nextId: 1 };

const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastShown(state, action: PayloadAction<{ kind: ToastKind; text: string }>) {
      state.items.push({ id: state.nextId, ...action.payload });
      state.nextId += 1;
    },
    toastDismissed(state, action: PayloadAction<number>) {
      state.items = state.items.filter((t) => t.id !== action.payload);
    },
    toastsCleared(state) {
      state.items = [];
    },
  },
});

export const { toastShown, toastDismissed, toastsCleared } = toastsSlice.actions;
export const toastsReducer = toastsSlice.reducer;

export const selectToasts = (state: { toasts: ToastsState }) => state.toasts.items;
