/**
 * Matching a URL path against the route table, shared by the server (which status and which
 * page to send) and the client. Static segments rank above parameters, so
 * "/app/providers" wins over "/app/:anything".
 */
export interface RoutePattern {
  id: string;
  path: string;
}

export interface RouteMatch<R extends RoutePattern> {
  route: R;
  params: Record<string, string>;
}

function score(path: string): number[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? 1 : s === '*' ? 0 : 2));
}

function compareScores(sa: readonly number[], sb: readonly number[]): number {
  for (let i = 0; i < Math.max(sa.length, sb.length); i += 1) {
    const d = (sb[i] ?? -1) - (sa[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

export function matchPathPattern(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i]!;
    if (w === '*') return params;
    const g = got[i];
    if (g === undefined) return w.endsWith('?') ? params : undefined;
    if (w.startsWith(':')) {
      try {
        params[w.slice(1).replace(/\?$/, '')] = decodeURIComponent(g);
      } catch {
        return undefined;
      }
    } else if (w !== g) return undefined;
  }
  return got.length === want.length ? params : undefined;
}

/**
 * Each route table ranked once: the server matches every page request (some twice), and sorting the table with
 * its scores recomputed inside the sort was a quarter of a cached page's CPU (bench:pages:server profile).
 */
const rankedTables = new WeakMap<readonly RoutePattern[], readonly RoutePattern[]>();

function ranked<R extends RoutePattern>(routes: readonly R[]): readonly R[] {
  const known = rankedTables.get(routes) as readonly R[] | undefined;
  if (known) return known;
  const scored = routes.map((route) => ({ route, score: score(route.path) }));
  scored.sort((a, b) => compareScores(a.score, b.score));
  const order = scored.map((s) => s.route);
  rankedTables.set(routes, order);
  return order;
}

export function matchRoute<R extends RoutePattern>(routes: readonly R[], pathname: string): RouteMatch<R> | undefined {
  for (const route of ranked(routes)) {
    const params = matchPathPattern(route.path, pathname);
    if (params) return { route, params };
  }
  return undefined;
}
