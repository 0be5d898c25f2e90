/**
 * Client age groups ("0-5", "6-10", "65+") merged into contiguous age ranges for provider search
 * (product-spec §4). An open-ended group "N+" runs to the spec'd oldest age. Ranges that overlap
 * or touch (one ends at 10, the next starts at 11) become one. Text that is not a group is ignored.
 */
import * as rulesConstants from '../generated/constants/rules';

/** Inclusive range of ages in whole years. */
export type AgeRange = readonly [min: number, max: number];

const CLOSED_GROUP = /^\s*(\d+)\s*-\s*(\d+)\s*$/;
const OPEN_GROUP = /^\s*(\d+)\s*\+\s*$/;

/** The range of one age group, or undefined when the text is not an age group. */
export function parseAgeGroup(group: string): AgeRange | undefined {
  const closed = CLOSED_GROUP.exec(group);
  if (closed) {
    const min = Number(closed[1]);
    const max = Number(closed[2]);
    return min <= max ? [min, max] : undefined;
  }
  const open = OPEN_GROUP.exec(group);
  if (open) {
    const min = Number(open[1]);
    return min <= rulesConstants.ageGroupOpenEndMaxAge ? [min, rulesConstants.ageGroupOpenEndMaxAge] : undefined;
  }
  return undefined;
}

/** Contiguous ranges covering the given groups, youngest first. */
export function mergeAgeGroups(groups: readonly string[]): AgeRange[] {
  const ranges = groups
    .map(parseAgeGroup)
    .filter((range): range is AgeRange => range !== undefined)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [min, max] of ranges) {
    const last = merged[merged.length - 1];
    if (last && min <= last[1] + 1) last[1] = Math.max(last[1], max);
    else merged.push([min, max]);
  }
  return merged;
}

/** Age groups youngest first ("0-5", "6-10", "11-13", "14-17", "18-64", "65+"), not in text order; text that is not a group goes last. */
export function compareAgeGroups(a: string, b: string): number {
  const ra = parseAgeGroup(a);
  const rb = parseAgeGroup(b);
  if (!ra || !rb) return (ra ? 0 : 1) - (rb ? 0 : 1);
  return ra[0] - rb[0] || ra[1] - rb[1];
}
