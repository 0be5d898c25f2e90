/**
 * Flag state per traffic type: waiting (treatments are control), ready (served treatments), or
 * fallback (the service did not become ready in time and nothing was decided before: control until it
 * answers). A decision the server made (rendered into the page, or answered with a sign-in) makes the
 * traffic ready at once; later answers of the flag service replace it, and a slow or failing service
 * leaves the last decision in place: nothing is switched off mid-visit by a late answer.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FlagDecision } from '@/generated/entities';
import type { FlagName } from '@/generated/flags';
import type { PageFlags } from '@/domain/flags';
import { isFlagOn, treatmentOf, trafficOf, type Traffic, type Treatment, type ServedVariant } from '@/client/runtime/flags/treatment';

export type FlagClientStatus = 'waiting' | 'ready' | 'fallback';

export interface TrafficFlags {
  status: FlagClientStatus;
  /** whose decision this is (the visitor id, or the lower-cased user key), when known */
  key?: string;
  variants: Record<string, ServedVariant>;
}

export interface FlagsState {
  anonymous: TrafficFlags;
  user: TrafficFlags;
}

const waiting: TrafficFlags = { status: 'waiting', variants: {} };
const initialFlags: FlagsState = { anonymous: waiting, user: waiting };

/** A decision of the server (src/generated/entities FlagDecision) as the store keeps served flags. */
function decided(decision: FlagDecision): TrafficFlags {
  const variants: Record<string, ServedVariant> = {};
  for (const [name, variant] of Object.entries(decision.variants)) if (variant) variants[name] = { name: variant, enabled: true };
  return { status: 'ready', key: decision.key, variants };
}

/** The store's first flag state: the decisions the page came with (PageFlags), else waiting for the flag service. */
export function flagsFromPage(page: PageFlags | undefined): FlagsState {
  return { anonymous: page ? decided(page.anonymous) : waiting, user: page?.user ? decided(page.user) : waiting };
}

const flagsSlice = createSlice({
  name: 'flags',
  initialState: initialFlags,
  reducers: {
    /** The flag service answered: its treatments, from now on (also after a fallback: a late answer is still the answer). */
    flagsServed(state, action: PayloadAction<{ traffic: Traffic; variants: Record<string, ServedVariant> }>) {
      const target = state[action.payload.traffic];
      target.variants = action.payload.variants;
      target.status = 'ready';
    },
    /** The wait for the flag service is over: without any decision yet, control (fallback); a decision already known stays. */
    flagsSettled(state, action: PayloadAction<{ traffic: Traffic; ready: boolean }>) {
      const target = state[action.payload.traffic];
      if (target.status === 'waiting') target.status = action.payload.ready ? 'ready' : 'fallback';
    },
    /** The server decided (a sign-in's answer, the session's): ready with its decision. */
    flagsDecided(state, action: PayloadAction<{ traffic: Traffic; decision: FlagDecision }>) {
      state[action.payload.traffic] = decided(action.payload.decision);
    },
    /** Who is signed in is known (key undefined: nobody): another person's flags are asked for again; the same person's stay. */
    userFlagsReset(state, action: PayloadAction<string | undefined>) {
      if (action.payload !== undefined && state.user.key === action.payload) return;
      state.user = { ...waiting, ...(action.payload !== undefined ? { key: action.payload } : {}) };
    },
  },
});

export const { flagsServed, flagsSettled, flagsDecided, userFlagsReset } = flagsSlice.actions;
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
