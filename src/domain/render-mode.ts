/**
 * How the server renders a public page (render in specs/routes.yaml): a document (HTML and islands,
 * never hydrated), a server rendering the app hydrates, or the app alone. A render: server route with
 * documentWhenQuery is a document when its address carries one of those parameters (provider search
 * with a place: its results are the page; without one it is the app's search form).
 */
import type { RouteDefinition } from '../generated/types';

export function rendersAsDocument(route: Pick<RouteDefinition, 'render' | 'documentWhenQuery'>, search: URLSearchParams): boolean {
  if (route.render === 'document') return true;
  if (route.render !== 'server') return false;
  return (route.documentWhenQuery ?? []).some((name) => (search.get(name) ?? '').trim() !== '');
}
