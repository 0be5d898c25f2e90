/** TRUST_PROXY: which proxies' forwarded addresses the server believes (Fastify's trustProxy). */
import { isIP } from 'node:net';
import type { Config } from './variables';

/** Names proxy-addr (Fastify's trustProxy) gives to address ranges. */
const namedRanges = ['loopback', 'linklocal', 'uniquelocal'];
/** More hops than any real chain of proxies: a bigger count is a mistake, not a deployment. */
const maxProxyHops = 10;

/**
 * TRUST_PROXY in one of Fastify's own trustProxy forms, minus the one that lets a caller choose its address:
 * unset or false (X-Forwarded-For is ignored), a hop count, or a list of proxy addresses, CIDR ranges and
 * proxy-addr's named ranges. `true` trusts every hop, so the leftmost X-Forwarded-For entry, which the caller writes,
 * would become its address and dodge every per-address limit: refused with a line that says what to write instead.
 */
export function trustedProxies(raw: string | undefined, problems: string[]): Config['trustProxy'] {
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  const instead = `give the number of proxies in front of the server (TRUST_PROXY=1 behind one load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8)`;
  if (raw === 'true') {
    problems.push(`TRUST_PROXY=true would believe whatever X-Forwarded-For a caller writes (and its per-address limits with it): ${instead}.`);
    return false;
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > maxProxyHops) {
      problems.push(`TRUST_PROXY="${raw}" is more hops than a chain of proxies has: ${instead}.`);
      return false;
    }
    return hops;
  }
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length) {
    problems.push(
      `TRUST_PROXY: ${bad.map((b) => `"${b}"`).join(', ')} is not an IP address, a CIDR range (10.0.0.0/8) or loopback, linklocal, uniquelocal: ${instead}.`,
    );
    return false;
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (namedRanges.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  // a CIDR range that covers every address (0.0.0.0/0, ::/0) is `true` by another name
  const bits = Number(prefix);
  return bits >= 1 && bits <= (family === 4 ? 32 : 128);
}
