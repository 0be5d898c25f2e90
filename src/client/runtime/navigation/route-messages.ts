/**
 * The messages a route's screen shows, in the page's language: its route area's message areas
 * (src/generated/message-areas, from each message file's `screens`), loaded once each. A screen waits for them as
 * it waits for its code (src/client/app/AppRoutes.tsx), so no text shows as its key.
 */
import { loadMessages } from '@/generated/message-areas';
import { routeById, type RouteId } from '@/generated/routes';
import { activeLocale } from '@/domain/locale';

export function loadRouteMessages(route: RouteId | undefined): Promise<void> {
  return loadMessages(activeLocale(), route ? routeById[route].area : 'every');
}
