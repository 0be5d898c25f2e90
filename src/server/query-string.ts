/**
 * Query strings with arrays in bracket format (patientIds[]=a&patientIds[]=b, product-spec §7), as
 * the client sends them: "name[]" becomes "name", always an array. Other keys keep Node's reading
 * (a repeated key is an array).
 */
import { parse } from 'node:querystring';

export function parseQueryString(text: string): Record<string, string | string[]> {
  const parsed = parse(text);
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (value === undefined) continue;
    if (key.endsWith('[]')) {
      const name = key.slice(0, -2);
      const existing = out[name];
      out[name] = [...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]), ...(Array.isArray(value) ? value : [value])];
    } else if (out[key] === undefined) {
      out[key] = value;
    } else {
      const existing = out[key]!;
      out[key] = [...(Array.isArray(existing) ? existing : [existing]), ...(Array.isArray(value) ? value : [value])];
    }
  }
  return out;
}
