/**
 * Reads every YAML file under specs/, validates each against its meta-schema (specs/schema/)
 * and collects them into a SpecBundle. Every problem names the file, the path inside it and,
 * where the YAML parser knows it, the line.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { LineCounter, parseDocument, isNode, type Document } from 'yaml';
import { kindRules, type KindRule } from './kinds';
import { copyOf, localeCopyOf, splitLocale, translationGaps } from './locales';
import { memo } from './memo';
import type { ApiDoc, ContentDoc, EntityDoc, FlagsDoc, FlowDoc, FormDoc, LoadedFile, MailDoc, SpecBundle } from './model';
import { SpecError, type SpecProblem } from './problems';
import { checkSemantics } from './semantics';
import { withRecordEntities } from './records';
import { messageAreaProblems } from './emit/message-areas';

function listYaml(dir: string, root = dir): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (relative(root, full) === 'schema') continue;
      out.push(...listYaml(full, root));
    } else if (name.endsWith('.yaml') || name.endsWith('.yml')) {
      out.push(relative(root, full).split(sep).join('/'));
    }
  }
  return out;
}

function pointerToPath(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function lineFinder(doc: Document, counter: LineCounter): (pointer: string) => number | undefined {
  return (pointer) => {
    const path = pointerToPath(pointer);
    // Walk up until a node with a source range is found (a missing property has none).
    for (let n = path.length; n >= 0; n -= 1) {
      const node = doc.getIn(
        path.slice(0, n).map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        true,
      );
      if (isNode(node) && node.range) return counter.linePos(node.range[0]).line;
    }
    return undefined;
  };
}

function describeAjvError(e: ErrorObject): { path: string; message: string } {
  let path = e.instancePath;
  let message = e.message ?? 'is invalid';
  if (e.keyword === 'additionalProperties') {
    const extra = (e.params as { additionalProperty: string }).additionalProperty;
    path = `${path}/${extra}`;
    message = `unknown property "${extra}"`;
  } else if (e.keyword === 'required') {
    message = `missing required property "${(e.params as { missingProperty: string }).missingProperty}"`;
  } else if (e.keyword === 'enum') {
    message = `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  } else if (e.keyword === 'pattern') {
    message = `must match ${(e.params as { pattern: string }).pattern}`;
  }
  return { path, message };
}

/** The most useful errors of a failed oneOf/anyOf are its branches' own; drop the summary. */
function usefulErrors(errors: ErrorObject[]): ErrorObject[] {
  const specific = errors.filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf' && e.keyword !== 'if');
  const seen = new Set<string>();
  return (specific.length ? specific : errors).filter((e) => {
    const key = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The validator of each meta-schema, and a key that changes when any meta-schema does. */
export function createMetaValidator(specDir: string): { validatorFor: (schemaFile: string) => ValidateFunction; key: string } {
  const schemaDir = join(specDir, 'schema');
  const texts = readdirSync(schemaDir)
    .sort()
    .filter((name) => name.endsWith('.schema.json'))
    .map((name) => readFileSync(join(schemaDir, name), 'utf8'));
  const key = createHash('sha1').update(texts.join('\n')).digest('hex');
  // Compiled once per set of meta-schemas (npm run dev compiles them again only when one changes).
  const ajv = memo('metaSchemas', key, () => {
    const compiler = new Ajv({ allErrors: true, strict: false });
    for (const text of texts) compiler.addSchema(JSON.parse(text));
    return compiler;
  });
  const validatorFor = (schemaFile: string) => {
    const id = `meta:${schemaFile.replace('.schema.json', '')}`;
    const validate = ajv.getSchema(id);
    if (!validate) throw new Error(`meta-schema ${id} is missing from specs/schema`);
    return validate;
  };
  return { validatorFor, key };
}

interface ReadSpecFile {
  data: unknown;
  lineOf: (pointer: string) => number | undefined;
  problems: SpecProblem[];
}

/** One spec file parsed and checked against its meta-schema (and its name rule). */
function readSpecFile(file: string, text: string, rule: KindRule, metaValidator: (schemaFile: string) => ValidateFunction): ReadSpecFile {
  const problems: SpecProblem[] = [];
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true });
  const lineOf = lineFinder(doc, lineCounter);
  if (doc.errors.length) {
    for (const err of doc.errors) {
      problems.push({
        file: `specs/${file}`,
        path: '',
        line: err.linePos?.[0]?.line,
        message: `YAML syntax: ${err.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
      });
    }
    return { data: undefined, lineOf, problems };
  }
  const data: unknown = doc.toJS({ maxAliasCount: 100 });
  const validate = metaValidator(rule.schema);
  if (!validate(data)) {
    for (const e of usefulErrors(validate.errors ?? [])) {
      const { path, message } = describeAjvError(e);
      problems.push({ file: `specs/${file}`, path, line: lineOf(path), message });
    }
    return { data, lineOf, problems };
  }
  if (rule.nameProperty) {
    const expected = file
      .split('/')
      .pop()!
      .replace(/\.ya?ml$/, '');
    const actual = (data as Record<string, unknown>)[rule.nameProperty];
    if (actual !== expected) {
      problems.push({
        file: `specs/${file}`,
        path: `/${rule.nameProperty}`,
        line: lineOf(`/${rule.nameProperty}`),
        message: `must equal the file name "${expected}"`,
      });
    }
  }
  return { data, lineOf, problems };
}

/** A locale file parsed (YAML only: what it must hold is its default file's copy). */
function readLocaleFile(file: string, text: string): ReadSpecFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true });
  const lineOf = lineFinder(doc, lineCounter);
  const problems: SpecProblem[] = doc.errors.map((err) => ({
    file: `specs/${file}`,
    path: '',
    line: err.linePos?.[0]?.line,
    message: `YAML syntax: ${err.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
  }));
  return { data: problems.length ? undefined : doc.toJS({ maxAliasCount: 100 }), lineOf, problems };
}

/**
 * Every locale file must be a declared language beside a default-locale file, and have every piece of its
 * copy with the same placeholders (a missing key names the file and the key). Returns the copy by locale.
 */
function checkTranslations(
  files: LoadedFile[],
  localeFiles: { locale: string; base: string; file: LoadedFile }[],
  constants: SpecBundle['constants'],
  problems: SpecProblem[],
): SpecBundle['translations'] {
  const declared = (constants.locales?.value ?? []) as { tag: string }[];
  const defaultLocale = constants.defaultLocale?.value;
  const out: SpecBundle['translations'] = new Map();
  for (const tag of declared.map((l) => l.tag)) if (tag !== defaultLocale) out.set(tag, []);
  for (const { locale, base, file } of localeFiles) {
    const translated = out.get(locale);
    if (!translated) {
      problems.push({
        file: file.file,
        path: '',
        message: `"${locale}" is not a language of specs/constants/locales.yaml (${declared.map((l) => l.tag).join(', ')})`,
      });
      continue;
    }
    const original = files.find((f) => f.file === base);
    if (!original) {
      problems.push({ file: file.file, path: '', message: `translates ${base}, which does not exist` });
      continue;
    }
    const copy = localeCopyOf(file.kind, file.data);
    for (const gap of translationGaps(copyOf(original.kind, original.data), copy))
      problems.push({ file: file.file, path: gap.pointer, line: file.lineOf(gap.pointer), message: gap.message });
    translated.push({ base: original, copy });
  }
  // A file with copy and no file of a language shows that language's readers English: as much a gap as a missing key.
  for (const [tag, translated] of out) {
    const done = new Set(translated.map((t) => t.base.file));
    for (const f of files) {
      if (done.has(f.file) || copyOf(f.kind, f.data).size === 0) continue;
      problems.push({ file: f.file, path: '', message: `has no "${tag}" copy: add ${f.file.replace(/\.yaml$/, `.${tag}.yaml`)} with its keys` });
    }
  }
  return out;
}

/** Loads and validates; throws SpecError listing every problem found. */
export function loadSpecs(specDir: string): SpecBundle {
  const problems: SpecProblem[] = [];
  const { validatorFor: metaValidator, key: metaKey } = createMetaValidator(specDir);
  const files: LoadedFile[] = [];

  const localeFiles: { locale: string; base: string; file: LoadedFile }[] = [];

  for (const file of listYaml(specDir)) {
    // specs/messages/auth.es.yaml is the Spanish copy of specs/messages/auth.yaml: same kind, checked below.
    const { base, locale } = splitLocale(file);
    const rule = kindRules.find((r) => r.pattern.test(base));
    if (!rule) {
      problems.push({
        file: `specs/${file}`,
        path: '',
        message: `no meta-schema covers this file; known places are: ${kindRules.map((r) => r.pattern.source).join(', ')}`,
      });
      continue;
    }
    const text = readFileSync(join(specDir, file), 'utf8');
    if (locale) {
      // A locale file holds only copy: its shape is checked against its default file, not a meta-schema.
      const read = memo('localeFile', `${file}\n${text}`, () => readLocaleFile(file, text));
      if (read.problems.length) problems.push(...read.problems);
      else localeFiles.push({ locale, base: `specs/${base}`, file: { file: `specs/${file}`, kind: rule.kind, data: read.data, text, lineOf: read.lineOf } });
      continue;
    }
    // Read once per text and meta-schema set: \`npm run dev\` parses and checks again only the files that
    // changed, and an unchanged file keeps its very data (the generator's later steps key on it). Read, never changed.
    const read = memo('specFile', `${metaKey}\n${file}\n${text}`, () => readSpecFile(file, text, rule, metaValidator));
    if (read.problems.length) {
      problems.push(...read.problems);
      continue;
    }
    files.push({ file: `specs/${file}`, kind: rule.kind, data: read.data, text, lineOf: read.lineOf });
  }
  if (problems.length) throw new SpecError(problems);

  const one = <T>(kind: string): LoadedFile<T> | undefined => files.find((f) => f.kind === kind) as LoadedFile<T> | undefined;
  const many = <T>(kind: string): LoadedFile<T>[] => files.filter((f) => f.kind === kind) as LoadedFile<T>[];
  const byName = <T>(kind: string, name: (d: T) => string): Map<string, LoadedFile<T>> => new Map(many<T>(kind).map((f) => [name(f.data), f]));

  // Catalogues may be split across files; every name must be defined once.
  const merged = <T>(kind: string, property: string): Record<string, T> => {
    const out: Record<string, T> = {};
    const origin: Record<string, string> = {};
    for (const f of many<Record<string, Record<string, T>>>(kind)) {
      for (const [name, value] of Object.entries(f.data[property] ?? {})) {
        if (origin[name]) {
          problems.push({
            file: f.file,
            path: `/${property}/${name}`,
            line: f.lineOf(`/${property}/${name}`),
            message: `"${name}" is already defined in ${origin[name]}`,
          });
          continue;
        }
        origin[name] = f.file;
        out[name] = value;
      }
    }
    return out;
  };
  const rawMessages = merged<string | { text: string; description?: string }>('messages', 'messages');
  const constants = merged<SpecBundle['constants'][string]>('constants', 'constants');
  const enums = merged<SpecBundle['enums'][string]>('enums', 'enums');
  const errors = merged<SpecBundle['errors'][string]>('errors', 'errors');
  const translations = checkTranslations(files, localeFiles, constants, problems);
  const entities = withRecordEntities(
    byName<EntityDoc>('entity', (d) => d.$id),
    problems,
  );
  problems.push(...messageAreaProblems({ files, routes: one<{ routes: SpecBundle['routes'] }>('routes')?.data.routes ?? [] }));
  if (problems.length) throw new SpecError(problems);

  const bundle: SpecBundle = {
    dir: specDir,
    files,
    constants,
    enums,
    messages: Object.fromEntries(Object.entries(rawMessages).map(([k, v]) => [k, typeof v === 'string' ? { text: v } : v])),
    errors,
    routes: one<{ routes: SpecBundle['routes'] }>('routes')?.data.routes ?? [],
    entities,
    forms: byName<FormDoc>('form', (d) => d.id),
    apis: many<ApiDoc>('api'),
    content: byName<ContentDoc>('content', (d) => d.id),
    flags: one<FlagsDoc>('flags')?.data,
    flows: byName<FlowDoc>('flow', (d) => d.id),
    mail: byName<MailDoc>('mail', (d) => d.id),
    translations,
  };

  const semanticProblems = checkSemantics(bundle);
  if (semanticProblems.length) throw new SpecError(semanticProblems);
  return bundle;
}
