/**
 * The visitor identity (product-spec §3): a random id generated once, kept in local storage under
 * anonymousId and written to the cookie anonId; it keys the anonymous flag traffic.
 */
import Cookies from 'js-cookie';
import * as storageConstants from '@/generated/constants/storage';

export function visitorId(): string {
  let id: string | undefined;
  try {
    id = window.localStorage.getItem(storageConstants.visitorIdStorageKey) ?? undefined;
  } catch {
    // Storage can be off (private modes); the cookie still keeps the id for this visit.
  }
  id ??= Cookies.get(storageConstants.visitorIdCookie) ?? crypto.randomUUID();
  try {
    window.localStorage.setItem(storageConstants.visitorIdStorageKey, id);
  } catch {
    // as above
  }
  // Kept as long as the server keeps it (src/server/plugins/client.ts): pages and flags name the same visitor.
  Cookies.set(storageConstants.visitorIdCookie, id, { sameSite: 'lax', path: '/', expires: 365 });
  return id;
}
