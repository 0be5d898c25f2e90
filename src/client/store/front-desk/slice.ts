/** Front desk (product-spec §3): the open tasks (only status open is kept) and the patient being served with their token. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface FrontDeskTask {
  id: string;
  status: string;
  [detail: string]: unknown;
}

export interface FrontDeskState {
  openTasks: FrontDeskTask[];
  patientAuth?: { patient: Record<string, unknown>; patientToken: string };
}

const OPEN = 'open';
const initialFrontDesk: FrontDeskState = { openTasks: [] };

const frontDeskSlice = createSlice({
  name: 'frontDesk',
  initialState: initialFrontDesk,
  reducers: {
    tasksLoaded(state, action: PayloadAction<FrontDeskTask[]>) {
      state.openTasks = action.payload.filter((t) => t.status === OPEN);
    },
    taskUpdated(state, action: PayloadAction<FrontDeskTask>) {
      state.openTasks = state.openTasks.filter((t) => t.id !== action.payload.id);
      if (action.payload.status === OPEN) state.openTasks.push(action.payload);
    },
    patientAuthSet(state, action: PayloadAction<{ patient: Record<string, unknown>; patientToken: string }>) {
      state.patientAuth = action.payload;
    },
    patientAuthCleared(state) {
      delete state.patientAuth;
    },
  },
});

export const { tasksLoaded, taskUpdated, patientAuthSet, patientAuthCleared } = frontDeskSlice.actions;
export const frontDeskReducer = frontDeskSlice.reducer;
export const selectFrontDesk = (s: { frontDesk: FrontDeskState }) => s.frontDesk;
