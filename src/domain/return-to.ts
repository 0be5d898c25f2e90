/**
 * Where to send someone back to after a detour (verify identity, sign in): only a path on this
 * site. Anything that would leave it ("//evil.example", "https://...", "/\\evil") is replaced by
 * the fallback, so a crafted link cannot turn the app into an open redirect. The URL parser decides
 * (it reads "\\" as "/" and drops tabs and line breaks, as browsers do), not a hand-written check.
 */
const PROBE_ORIGIN = 'http://return-to.invalid';

export function safeReturnPath(value: string | null | undefined, fallback: string): string {
  if (!value?.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  return url.origin === PROBE_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : fallback;
}
