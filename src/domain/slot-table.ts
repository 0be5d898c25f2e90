/**
 * The shape of a slot table (product-spec §4, §9): one column per day, and at least
 * slotTableMinRows rows. Kept apart from the time-zone rules of slots.ts so a page can lay out a
 * table without loading a time-zone library.
 */
import * as timingConstants from '../generated/constants/timing';

/** Rows of a slot table (one column per day): as many as the fullest day, and at least slotTableMinRows. */
export function slotTableRowCount(slotsPerDay: readonly number[]): number {
  return Math.max(timingConstants.slotTableMinRows, ...slotsPerDay);
}

/** Column of rows: the day's slots, padded with empty cells to the table's row count. */
export function slotColumn<T>(slots: readonly T[], rows: number): (T | undefined)[] {
  return Array.from({ length: Math.max(rows, slots.length) }, (_, i) => slots[i]);
}
