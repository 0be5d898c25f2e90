/**
 * Flag state per traffic type: waiting (treatments are control), ready (served treatments), or
 * fallback (the service did not become ready in time; control for the rest of the visit).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FlagName } from '@/generated/flags';
import { isFlagOn, treatmentOf, trafficOf, type Traffic, type Treatment, type ServedVariant } from '@/client/runtime/flags/treatment';

export type FlagClientStatus = 'waiting' | 'ready' | 'fallback';

export interface TrafficFlags {
  status: FlagClientStatus;
  variants: Record<string, ServedVariant>;
}

export interface FlagsState {
  anonymous: TrafficFlags;
  user: TrafficFlags;
}

const waiting: TrafficFlags = { status: 'waiting', variants: {} };
const initialFlags: FlagsState = { anonymous: waiting, user: waiting };

const flagsSlice = createSlice({
  name: 'flags',
  initialState: initialFlags,
  reducers: {
    flagsServed(state, action: PayloadAction<{ traffic: Traffic; variants: Record<string, ServedVariant> }>) {
      const target = state[action.payload.traffic];
      target.variants = action.payload.variants;
      if (target.status === 'waiting') target.status = 'ready';
    },
    flagsSettled(state, action: PayloadAction<{ traffic: Traffic; ready: boolean }>) {
      const target = state[action.payload.traffic];
      if (target.status === 'waiting') target.status = action.payload.ready ? 'ready' : 'fallback';
    },
    /** A new user (or none): their flags are asked for again. */
    userFlagsReset(state) {
      state.user = waiting;
    },
  },
});

export const { flagsServed, flagsSettled, userFlagsReset } = flagsSlice.actions;
export const flagsReducer = flagsSlice.reducer;

type WithFlags = { flags: FlagsState };
export const selectTreatment =
  (flag: FlagName) =>
  (s: WithFlags): Treatment => {
    const traffic = s.flags[trafficOf(flag)];
    return treatmentOf(flag, traffic.status === 'ready', traffic.variants[flag]);
  };
export const selectFlagOn =
  (flag: FlagName) =>
  (s: WithFlags): boolean =>
    isFlagOn(flag, selectTreatment(flag)(s));
export const selectFlagStatus =
  (traffic: Traffic) =>
  (s: WithFlags): FlagClientStatus =>
    s.flags[traffic].status;
