/**
 * The view of a provider's open times (product-spec §2 availability modal): the session-type and
 * time-of-day filters, which block of slotListMaxDays days, and the first day column shown of it.
 * On a document page (not hydrated) the view is the page's address: a GET form for the filters and
 * links for earlier and later days, so the times work with JavaScript off.
 */
import * as marketplaceConstants from '../generated/constants/marketplace';
import type { AppointmentMode, TimeOfDay } from '../generated/enums';
import * as careEnums from '../generated/enums/care';
import { isOneOf } from './provider-search';

/** What the picker shows: filters, which block of slotListMaxDays days, and the first day column shown of it. */
export interface SlotView {
  mode: AppointmentMode | '';
  timeOfDay: TimeOfDay | '';
  range: number;
  firstDay: number;
}

/** On a document page the view is in the page's address (links and a GET form): these parameters. */
export const SLOT_VIEW_PARAMS = { mode: 'slotMode', timeOfDay: 'slotTime', range: 'slotRange', firstDay: 'slotDay' } as const;
/** The element a document page's picker links back to, so a new view opens where the times are. */
export const SLOT_PICKER_ANCHOR = 'open-times';
const LAST_RANGE = Math.floor((marketplaceConstants.availabilityWindowDays - 1) / marketplaceConstants.slotListMaxDays);

function wholeNumber(text: string | null, max: number): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= max ? n : 0;
}

/** The view an address asks for; values out of range or of no enumeration are the defaults. */
export function slotViewFromSearch(search: URLSearchParams): SlotView {
  const mode = search.get(SLOT_VIEW_PARAMS.mode);
  const timeOfDay = search.get(SLOT_VIEW_PARAMS.timeOfDay);
  return {
    mode: isOneOf(careEnums.appointmentMode.values, mode) ? mode : '',
    timeOfDay: isOneOf(careEnums.timeOfDay.values, timeOfDay) ? timeOfDay : '',
    range: wholeNumber(search.get(SLOT_VIEW_PARAMS.range), LAST_RANGE),
    firstDay: wholeNumber(search.get(SLOT_VIEW_PARAMS.firstDay), marketplaceConstants.slotListMaxDays - 1),
  };
}

/** The address of a view (only what differs from the first view), back at the picker; the page's other parameters (`keep`: a search's context) stay. */
export function slotViewHref(view: SlotView, keep?: URLSearchParams): string {
  const search = new URLSearchParams(otherParams(keep));
  if (view.mode) search.set(SLOT_VIEW_PARAMS.mode, view.mode);
  if (view.timeOfDay) search.set(SLOT_VIEW_PARAMS.timeOfDay, view.timeOfDay);
  if (view.range) search.set(SLOT_VIEW_PARAMS.range, String(view.range));
  if (view.firstDay) search.set(SLOT_VIEW_PARAMS.firstDay, String(view.firstDay));
  const query = search.toString();
  return `${query ? `?${query}` : '?'}#${SLOT_PICKER_ANCHOR}`;
}

/** The parameters of an address that are not the picker's view (they travel with every view: the filters' form carries them as hidden fields). */
export function otherParams(search: URLSearchParams | undefined): [string, string][] {
  const viewNames = new Set<string>(Object.values(SLOT_VIEW_PARAMS));
  return [...(search ?? new URLSearchParams()).entries()].filter(([name]) => !viewNames.has(name));
}

/** Earlier days: the previous columns of this block, else the previous block. */
export function earlierView(view: SlotView, daysPerView: number): SlotView | undefined {
  if (view.firstDay > 0) return { ...view, firstDay: Math.max(0, view.firstDay - daysPerView) };
  if (view.range > 0) return { ...view, range: view.range - 1 };
  return undefined;
}

/** Later days: the next columns of this block, else the next block from its first day. */
export function laterView(view: SlotView, daysPerView: number, dayCount: number): SlotView | undefined {
  if (view.firstDay + daysPerView < dayCount) return { ...view, firstDay: view.firstDay + daysPerView };
  if (view.range < LAST_RANGE) return { ...view, range: view.range + 1, firstDay: 0 };
  return undefined;
}
