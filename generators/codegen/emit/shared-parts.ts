/**
 * The API table written the way a person reads it: a schema part the specs use in several places (a YAML anchor
 * such as the booking's patients, a field an endpoint takes from an entity) is written once, as a named constant
 * of api.ts, and each place names it, so changing it shows in one place of a diff. A node that fits on one line
 * of the house's print width is written on one line. Only the text changes: the values are the same objects.
 */
import { key, quote } from './util';

const PRINT_WIDTH = 160;
/** Parts shorter than this (written on one line) are left where they are: a name would not be shorter. */
const SHARED_MIN_LENGTH = 120;

type Node = Record<string, unknown> | unknown[];

const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object';

function entriesOf(node: Node): [string, unknown][] {
  return Array.isArray(node) ? node.map((v, i) => [String(i), v]) : Object.entries(node).filter(([, v]) => v !== undefined);
}

/** The one-line text of a value, remembered per object (the same text identifies the same part). */
function oneLiner(): (value: unknown) => string {
  const seen = new WeakMap<object, string>();
  const text = (value: unknown): string => {
    if (!isNode(value)) return typeof value === 'string' ? quote(value) : JSON.stringify(value);
    const known = seen.get(value);
    if (known !== undefined) return known;
    const written = Array.isArray(value)
      ? value.length
        ? `[${value.map(text).join(', ')}]`
        : '[]'
      : entriesOf(value).length
        ? `{ ${entriesOf(value)
            .map(([k, v]) => `${key(k)}: ${text(v)}`)
            .join(', ')} }`
        : '{}';
    seen.set(value, written);
    return written;
  };
  return text;
}

/** JavaScript's reserved words and the names api.ts declares itself. */
const RESERVED = `break case catch class const continue debugger default delete do else enum export extends false finally for function if
  import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface
  package private protected public await endpoints apiSchemas apiResources`.split(/\s+/);

const STRUCTURAL = new Set(['properties', 'items', 'schema', 'oneOf', 'anyOf', 'allOf', 'responses', 'additionalProperties']);

/**
 * A name for a part from where it was first met: the root's name (an entity, an endpoint's body or response)
 * and the last property on the way (`patients`, `relationship`), with what the part is to it (Fields, Item, Values).
 */
function partName(rootName: string, path: readonly string[], parentOf: (depth: number) => unknown): string {
  const last = path[path.length - 1];
  const parent = parentOf(path.length - 1);
  if (last === 'enum' && isNode(parent) && !Array.isArray(parent) && typeof parent['x-enum'] === 'string') return `${parent['x-enum']} values`;
  const field = path[path.length - 2] === 'properties';
  const suffix = field ? ' field' : last === 'properties' ? ' fields' : last === 'items' ? ' item' : last === 'enum' ? ' values' : '';
  const named = [...path].reverse().find((k) => !STRUCTURAL.has(k) && !/^\d+$/.test(k) && k !== 'enum');
  return `${named ?? rootName}${suffix}`;
}

function identifier(name: string): string {
  const words = name
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const camel = words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join('');
  return /^[A-Za-z_$]/.test(camel) ? camel : `part${camel}`;
}

export interface SharedParts {
  /** `const name: JsonSchema = …;` lines, each after the parts it names */
  declarations: string;
  /** writes a value with the shared parts named */
  write: (value: unknown, indent: number) => string;
}

/**
 * Finds the parts of `roots` (schemas) written more than once, largest first, and names each after the
 * property it first sits under. The same object text under two names never happens: one name per text.
 */
export function shareRepeatedParts(labelled: Readonly<Record<string, unknown>>): SharedParts {
  const roots = Object.values(labelled);
  const text = oneLiner();
  const named = new Map<string, string>();
  const bodies = new Map<string, Node>();
  const firstName = new Map<string, string>();

  const countUses = (): Map<string, number> => {
    const uses = new Map<string, number>();
    const visit = (value: unknown, rootName: string, path: string[], parents: unknown[], descendHere: boolean) => {
      if (!isNode(value)) return;
      const t = text(value);
      if (!descendHere) {
        if (t.length >= SHARED_MIN_LENGTH) {
          uses.set(t, (uses.get(t) ?? 0) + 1);
          if (!firstName.has(t)) firstName.set(t, path.length ? partName(rootName, path, (d) => parents[d]) : rootName);
        }
        if (named.has(t)) return;
      }
      for (const [k, v] of entriesOf(value)) visit(v, rootName, [...path, k], [...parents, value], false);
    };
    for (const [rootName, root] of Object.entries(labelled)) visit(root, rootName, [], [], false);
    for (const [t, body] of bodies) visit(body, named.get(t)!, [], [], true);
    return uses;
  };

  // Largest first: naming a large part first leaves the parts inside it counted once per real place.
  for (;;) {
    const uses = countUses();
    const next = [...uses].filter(([t, n]) => n > 1 && !named.has(t)).sort((a, b) => b[0].length - a[0].length || (a[0] < b[0] ? -1 : 1))[0];
    if (!next) break;
    const [t] = next;
    const base = identifier(firstName.get(t) ?? 'part');
    const taken = new Set([...named.values(), ...RESERVED]);
    let name = base;
    for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
    named.set(t, name);
    bodies.set(t, findNode(roots, t, text)!);
  }
  // A part named but, once the larger parts are named, used only once is written in place again.
  const finalUses = countUses();
  for (const t of [...named.keys()]) {
    if ((finalUses.get(t) ?? 0) < 2) {
      named.delete(t);
      bodies.delete(t);
    }
  }

  /** one line, shared parts by name */
  const line = (value: unknown, top = false): string => {
    if (!isNode(value)) return text(value);
    const name = named.get(text(value));
    if (name && !top) return name;
    if (Array.isArray(value)) return value.length ? `[${value.map((v) => line(v)).join(', ')}]` : '[]';
    const entries = entriesOf(value);
    return entries.length ? `{ ${entries.map(([k, v]) => `${key(k)}: ${line(v)}`).join(', ')} }` : '{}';
  };
  const write = (value: unknown, indent: number, lead = 0, top = false): string => {
    const one = line(value, top);
    if (!isNode(value) || indent * 2 + lead + one.length + 1 <= PRINT_WIDTH || (!top && named.has(text(value)))) return one;
    const pad = '  '.repeat(indent);
    const inner = '  '.repeat(indent + 1);
    if (Array.isArray(value)) return `[\n${value.map((v) => `${inner}${write(v, indent + 1)},`).join('\n')}\n${pad}]`;
    return `{\n${entriesOf(value)
      .map(([k, v]) => `${inner}${key(k)}: ${write(v, indent + 1, key(k).length + 2)},`)
      .join('\n')}\n${pad}}`;
  };

  // Smaller parts cannot hold larger ones: declared by length, each is declared after the parts it names.
  const declarations = [...named]
    .sort((a, b) => a[0].length - b[0].length || (a[1] < b[1] ? -1 : 1))
    .map(([t, name]) => {
      const type = Array.isArray(bodies.get(t)) ? 'readonly unknown[]' : 'JsonSchema';
      return `const ${name}: ${type} = ${write(bodies.get(t)!, 0, name.length + type.length + 10, true)};`;
    })
    .join('\n');
  return { declarations, write: (value, indent) => write(value, indent) };
}

function findNode(roots: readonly unknown[], wanted: string, text: (value: unknown) => string): Node | undefined {
  const stack: unknown[] = [...roots];
  while (stack.length) {
    const value = stack.pop();
    if (!isNode(value)) continue;
    if (text(value) === wanted) return value;
    for (const [, v] of entriesOf(value)) stack.push(v);
  }
  return undefined;
}
