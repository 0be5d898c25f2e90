/**
 * A language is a set of files: beside every spec file with copy (specs/messages/auth.yaml) a file per
 * locale (specs/messages/auth.es.yaml) holds the same copy in that language, and nothing else. This module
 * says which strings of each kind of spec are copy, checks that a locale file has every one of them with
 * the same placeholders, and lays a locale file over its default file.
 *
 * The copy of a spec file is a flat map from a JSON pointer to a text, so the same check serves every kind:
 *   messages  /messages/<key>                                 (a locale file: messages: { key: text })
 *   errors    /errors/<name>/message|title|audiences/<who>    (a locale file: errors: { name: { message } })
 *   enums     /enums/<name>/<value>/label|shortLabel|description (a locale file: enums: { name: { value: label } })
 *   routes    /routes/<route id>/title|description            (a locale file: routes: { id: title }, or
 *                                                             routes: { id: { title, description } } for a route with a description)
 *   mail, content, flows, forms: the same document shape with only its copy (see COPY_KEYS / NOT_COPY).
 *   entities  the titles of their fields (/properties/<name>/title, nested fields too): a form that takes a field
 *             from an entity ($ref) shows that title as the field's label, so it is written, and translated, once
 *             there. An entity's own title, and a field's title in PascalCase of two words or more ("LatestMeasures"),
 *             name a type (the generated types are named by them); descriptions are for developers: none is copy.
 */
import { parse as parseIcu, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { SpecKind } from './kinds';

/** "auth.es.yaml" → { base: "auth.yaml", locale: "es" }; a default-locale file has no locale. */
export function splitLocale(file: string): { base: string; locale?: string } {
  const match = /^(.*)\.([a-z]{2,3}(?:-[A-Z]{2})?)\.(ya?ml)$/.exec(file);
  return match ? { base: `${match[1]}.${match[3]}`, locale: match[2] } : { base: file };
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
export const pointer = (...segments: (string | number)[]) => segments.map((s) => `/${escape(String(s))}`).join('');

type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keys whose strings are read by people in forms and flows (the rest is structure: types, patterns, routes). */
const COPY_KEYS = new Set([
  'title',
  'label',
  'shortLabel',
  'submitLabel',
  'help',
  'hint',
  'placeholder',
  'ui:title',
  'ui:help',
  'ui:placeholder',
  'ui:description',
  'text',
]);
/** Keys of content and mail whose strings are structure or data, never translated. */
const NOT_COPY = new Set([
  'id',
  '$id',
  '$ref',
  'kind',
  'href',
  'url',
  'route',
  'routes',
  'path',
  'slug',
  'value',
  'image',
  'logo',
  'icon',
  // Which landing page, segment and blocks a page is, and a segment's profile type: structure, not words.
  'pageType',
  'segment',
  'blocks',
  'profileType',
  'src',
  'placeholders',
  'enum',
  'flag',
  'state',
  'code',
  'type',
  'format',
  'pattern',
]);

/** A title that names a type, not a field: PascalCase of two words or more ("MessageThreadClient"). */
const TYPE_NAME = /^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$/;

function walk(
  value: unknown,
  path: (string | number)[],
  isCopy: (key: string, path: (string | number)[], value: unknown) => boolean,
  out: Map<string, string>,
  underCopy = false,
): void {
  if (typeof value === 'string') {
    if (underCopy) out.set(pointer(...path), value);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => walk(item, [...path, i], isCopy, out, underCopy));
    return;
  }
  if (!isTree(value)) return;
  for (const [k, v] of Object.entries(value)) {
    const keyPath = [...path, k];
    walk(v, keyPath, isCopy, out, underCopy || isCopy(k, keyPath, v));
  }
}

/**
 * Whether the last key of a form's path names a field: a schema's property, a ui schema's entry for a field (no `ui:`
 * key above it), or the messages of a field.
 */
function namesField(path: readonly (string | number)[]): boolean {
  if (path.at(-2) === 'properties') return true;
  if (path[0] === 'uiSchema') return path.length > 1 && path.slice(1).every((part) => !String(part).startsWith('ui:'));
  return path[0] === 'messages' && path.length === 2;
}

/** The copy of a default-locale spec document, by JSON pointer. */
export function copyOf(kind: SpecKind, data: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const doc = isTree(data) ? data : {};
  switch (kind) {
    case 'messages':
      for (const [k, v] of Object.entries((doc.messages ?? {}) as Tree)) {
        const text = typeof v === 'string' ? v : isTree(v) ? v.text : undefined;
        if (typeof text === 'string') out.set(pointer('messages', k), text);
      }
      return out;
    case 'errors':
      for (const [name, e] of Object.entries((doc.errors ?? {}) as Tree)) {
        if (!isTree(e)) continue;
        if (typeof e.message === 'string') out.set(pointer('errors', name, 'message'), e.message);
        if (typeof e.title === 'string') out.set(pointer('errors', name, 'title'), e.title);
        for (const [who, text] of Object.entries(isTree(e.audiences) ? e.audiences : {}))
          if (typeof text === 'string') out.set(pointer('errors', name, 'audiences', who), text);
      }
      return out;
    case 'enums':
      for (const [name, e] of Object.entries((doc.enums ?? {}) as Tree)) {
        const values = isTree(e) && Array.isArray(e.values) ? (e.values as Tree[]) : [];
        for (const v of values)
          for (const field of ['label', 'shortLabel', 'description'])
            if (typeof v[field] === 'string') out.set(pointer('enums', name, String(v.value), field), v[field]);
      }
      return out;
    case 'routes':
      // The title is the page's <title>; the description its meta description: both are read on the page.
      for (const r of (Array.isArray(doc.routes) ? doc.routes : []) as Tree[])
        for (const field of ['title', 'description']) if (typeof r[field] === 'string') out.set(pointer('routes', String(r.id), field), r[field]);
      return out;
    case 'mail':
      for (const field of ['subject', 'text', 'html']) if (typeof doc[field] === 'string') out.set(pointer(field), doc[field]);
      return out;
    case 'constants':
      // Only constants marked `copy` (every string, or the strings under the keys it lists) hold words people read.
      for (const [name, c] of Object.entries(isTree(doc.constants) ? doc.constants : {})) {
        if (!isTree(c) || !c.copy) continue;
        const keys = Array.isArray(c.copy) ? new Set(c.copy as string[]) : undefined;
        walk(c.value, ['constants', name, 'value'], (key) => keys === undefined || keys.has(key), out, keys === undefined);
      }
      return out;
    case 'content':
      // Everything a page shows is copy, except structure (NOT_COPY) and the spec's own description.
      for (const [k, v] of Object.entries(doc)) if (k !== 'description' && !NOT_COPY.has(k)) walk(v, [k], (key) => NOT_COPY.has(key) === false, out, true);
      return pruneNotCopy(out);
    case 'entity':
      walk(doc, [], (key, path) => key === 'title' && path.at(-3) === 'properties', out);
      for (const [p, title] of out) if (TYPE_NAME.test(title)) out.delete(p);
      return out;
    case 'flow':
    case 'form':
      walk(
        Object.fromEntries(Object.entries(doc).filter(([k]) => k !== 'description')),
        [],
        // A `description` is copy when it is words; a field named description (its schema, ui schema, messages) is not,
        // nor one named title or text: a key that names a field is structure, whatever the word (its own title is copy).
        (key, path, value) =>
          !namesField(path) &&
          (COPY_KEYS.has(key) || key === 'copy' || key === 'copyByVariant' || (key === 'description' && path.length > 1 && typeof value === 'string')),
        out,
      );
      return out;
    default:
      return out;
  }
}

/** Inside content, a string under a structural key (a nested href, an id) is not copy. */
function pruneNotCopy(copy: Map<string, string>): Map<string, string> {
  for (const p of [...copy.keys()]) {
    const segments = p.split('/').slice(1);
    if (segments.some((s) => NOT_COPY.has(s))) copy.delete(p);
  }
  return copy;
}

/** The copy of a locale file, by the same pointers as copyOf gives for its default file. */
export function localeCopyOf(kind: SpecKind, data: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const doc = isTree(data) ? data : {};
  switch (kind) {
    case 'messages':
      return copyOf(kind, data);
    case 'enums':
      for (const [name, values] of Object.entries(isTree(doc.enums) ? doc.enums : {}))
        for (const [value, v] of Object.entries(isTree(values) ? values : {})) {
          if (typeof v === 'string') out.set(pointer('enums', name, value, 'label'), v);
          else if (isTree(v)) for (const [field, text] of Object.entries(v)) if (typeof text === 'string') out.set(pointer('enums', name, value, field), text);
        }
      return out;
    case 'routes':
      for (const [id, r] of Object.entries(isTree(doc.routes) ? doc.routes : {})) {
        if (typeof r === 'string') out.set(pointer('routes', id, 'title'), r);
        else if (isTree(r)) for (const [field, text] of Object.entries(r)) if (typeof text === 'string') out.set(pointer('routes', id, field), text);
      }
      return out;
    default:
      // Every other kind mirrors its default file's shape: every string in it is copy.
      walk(doc, [], () => true, out);
      return out;
  }
}

/** The names a text fills in: ICU arguments ({name}, {count, plural, …}) or content's {{name}}. */
export function placeholderNames(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/\{\{([a-zA-Z][a-zA-Z0-9_]*)\}\}/g)) names.add(m[1]!);
  const collect = (elements: MessageFormatElement[]) => {
    for (const e of elements) {
      if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time) names.add(e.value);
      if (e.type === TYPE.plural || e.type === TYPE.select) {
        names.add(e.value);
        for (const option of Object.values(e.options)) collect(option.value);
      }
      if (e.type === TYPE.tag) collect(e.children);
    }
  };
  try {
    collect(parseIcu(text.replace(/\{\{[^}]*\}\}/g, ''), { ignoreTag: true }));
  } catch {
    // Not ICU (HTML with braces in a mail): fall back to plain {name} placeholders.
    for (const m of text.matchAll(/\{([a-zA-Z][a-zA-Z0-9_]*)\}/g)) names.add(m[1]!);
  }
  return [...names].sort();
}

export interface TranslationGap {
  pointer: string;
  message: string;
}

/** What a locale file lacks or has wrong against its default file: every key, the same placeholders, nothing extra. */
export function translationGaps(base: Map<string, string>, translated: Map<string, string>): TranslationGap[] {
  const gaps: TranslationGap[] = [];
  const key = (p: string) => p.split('/').slice(1).join(' › ').replace(/~1/g, '/').replace(/~0/g, '~');
  for (const [p, text] of base) {
    const other = translated.get(p);
    if (other === undefined) {
      gaps.push({ pointer: p, message: `missing key "${key(p)}" (the default locale has "${text.length > 60 ? `${text.slice(0, 57)}…` : text}")` });
      continue;
    }
    const want = placeholderNames(text).join(', ');
    const got = placeholderNames(other).join(', ');
    if (want !== got) gaps.push({ pointer: p, message: `placeholders of "${key(p)}" differ: the default locale has {${want}}, this file has {${got}}` });
  }
  for (const p of translated.keys())
    if (!base.has(p)) gaps.push({ pointer: p, message: `"${key(p)}" is not copy of the default locale file (a typo, or a key removed there)` });
  return gaps;
}
