/** Rules of the partner screens: the paging and the partnership code's shape (their data comes through the generated hooks). */
import * as limitsConstants from '@/generated/constants/limits';

/** The 1-based page a ?page= value names (anything else is the first page). */
export function pageFrom(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

export function pageCount(total: number, pageSize: number = limitsConstants.pageSize): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export const PARTNERSHIP_CODE_PATTERN = /^[A-Za-z0-9-]{2,50}$/;
