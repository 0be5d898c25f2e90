/** Emitters for plain data specs: constants, enums, messages, errors, content, flags, flows, mail. */
import type { SpecBundle } from '../model';
import { formDefinition } from './structure';
import { BANNER, camel, doc, literal, pascal, quote, union } from './util';

const PLACEHOLDER = /\{([a-zA-Z][a-zA-Z0-9]*)\}/g;

/** The module of a constants file (specs/constants/sign-in.yaml: `constants/sign-in`) and the name browser code imports it as (`signInConstants`). */
export function constantsModuleOf(file: string): { module: string; namespace: string } {
  const name = file.replace(/^specs\/constants\//, '').replace(/\.yaml$/, '');
  return { module: `constants/${name}`, namespace: `${camel(name)}Constants` };
}

/**
 * specs/constants by file, each constant a named export of its file's module (constants/<file>.ts), so a screen that
 * reads `timingConstants.toastDurationMs` loads that file's used constants only; constants.ts gathers them all (the
 * server, scripts and tests read `constants.x`), and constants/copy.ts the ones marked `copy` (constantIn).
 */
export function emitConstants(b: SpecBundle): Map<string, string> {
  const out = new Map<string, string>();
  const files = b.files.filter((f) => f.kind === 'constants');
  const copy: { name: string; module: string }[] = [];
  for (const f of files) {
    const { module } = constantsModuleOf(f.file);
    const own = (f.data as { constants?: Record<string, { copy?: unknown }> }).constants ?? {};
    const body = Object.keys(own)
      .map((name) => `${doc(b.constants[name]!.description)}export const ${name} = ${literal(b.constants[name]!.value)} as const;`)
      .join('\n\n');
    out.set(`${module}.ts`, `${BANNER}\n/** The constants of ${f.file}. */\n\n${body}\n`);
    for (const [name, c] of Object.entries(own)) if (c.copy) copy.push({ name, module });
  }
  const imports = files.map((f) => {
    const { module, namespace } = constantsModuleOf(f.file);
    return { namespace, line: `import * as ${namespace} from './${module}';` };
  });
  out.set(
    'constants.ts',
    `${BANNER}${imports.map((i) => i.line).join('\n')}\n\n` +
      `/** Every constant of specs/constants by name. Browser code imports a file's own module (./constants/<file>) instead, so a screen loads only the constants it reads. */\n` +
      `export const constants = {\n${imports.map((i) => `  ...${i.namespace},`).join('\n')}\n} as const;\n\nexport type Constants = typeof constants;\n`,
  );
  const byModule = new Map<string, string[]>();
  for (const c of copy) byModule.set(c.module, [...(byModule.get(c.module) ?? []), c.name]);
  out.set(
    'constants/copy.ts',
    `${BANNER}${[...byModule].map(([module, names]) => `import { ${names.join(', ')} } from './${module.replace(/^constants\//, '')}';`).join('\n')}\n\n` +
      `/** The constants marked \`copy\` (words people read), which a language translates: constantIn in src/domain/translations.ts. */\n` +
      `export const copyConstants = { ${copy.map((c) => c.name).join(', ')} } as const;\n\nexport type CopyConstants = typeof copyConstants;\n`,
  );
  return out;
}

/** The module of an enumerations file (specs/enums/record-access.yaml: `enums/record-access`) and the name browser code imports it as (`recordAccessEnums`). */
export function enumsModuleOf(file: string): { module: string; namespace: string } {
  const name = file.replace(/^specs\/enums\//, '').replace(/\.yaml$/, '');
  return { module: `enums/${name}`, namespace: `${camel(name)}Enums` };
}

/**
 * specs/enums by file, each enumeration a named export of its file's module (enums/<file>.ts), so a screen loads
 * the enumerations it reads and not the others; enums.ts gathers them all (`enums.x`, for the server, scripts, tests
 * and the spec form renderer, which finds an enumeration by name) with their types. Each enumeration's options are
 * written once; its values and labels are read from them when the module loads (enumOf), with the same types as if
 * written out.
 */
export function emitEnums(b: SpecBundle): Map<string, string> {
  const out = new Map<string, string>();
  out.set(
    'enums/enumeration.ts',
    `${BANNER}
export type EnumOptions = readonly { readonly value: string; readonly label: string }[];

/** An enumeration: its name (what a language's copy is keyed by), its values in order, each value's label, and its options as specified. */
export interface Enumeration<O extends EnumOptions = EnumOptions> {
  readonly name: string;
  readonly values: { readonly [I in keyof O]: O[I]['value'] };
  readonly labels: { readonly [V in O[number] as V['value']]: V['label'] };
  readonly options: O;
}

export function enumOf<O extends EnumOptions>(name: string, options: O): Enumeration<O>;
export function enumOf(name: string, options: EnumOptions): Enumeration {
  return { name, values: options.map((o) => o.value), labels: Object.fromEntries(options.map((o) => [o.value, o.label])), options };
}
`,
  );
  const files = b.files.filter((f) => f.kind === 'enums');
  const types: string[] = [];
  for (const f of files) {
    const { module } = enumsModuleOf(f.file);
    const entries = Object.keys((f.data as { enums?: Record<string, unknown> }).enums ?? {}).map((name) => {
      const e = b.enums[name]!;
      const options = e.values.map((v) => ({ value: v.value, label: v.label, shortLabel: v.shortLabel, description: v.description, group: v.group }));
      types.push(`${doc(e.description)}export type ${pascal(name)} = ${union(e.values.map((v) => v.value))};`);
      // A pure call on its own literal: a bundle that reads no export of it leaves it out.
      return `${doc(e.description)}export const ${name} = /* @__PURE__ */ enumOf(${quote(name)}, ${literal(options)} as const);`;
    });
    out.set(`${module}.ts`, `${BANNER}import { enumOf } from './enumeration';\n\n${entries.join('\n\n')}\n`);
  }
  const named = enumsNamedInSpecs(b);
  const moduleOfEnum = new Map(
    files.flatMap((f) => Object.keys((f.data as { enums?: object }).enums ?? {}).map((name) => [name, enumsModuleOf(f.file).module])),
  );
  const byModule = new Map<string, string[]>();
  for (const name of named) byModule.set(moduleOfEnum.get(name)!, [...(byModule.get(moduleOfEnum.get(name)!) ?? []), name]);
  out.set(
    'enums/named-in-specs.ts',
    `${BANNER}${[...byModule].map(([module, names]) => `import { ${names.join(', ')} } from './${module.replace(/^enums\//, '')}';`).join('\n')}\n\n` +
      `/** The enumerations spec forms (\`x-enum\`) and flows (\`choices.enum\`) name, by name: what their renderers look up, and all they load. */\n` +
      `export const enumsNamedInSpecs = { ${named.join(', ')} } as const;\n\nexport type EnumNamedInSpecs = keyof typeof enumsNamedInSpecs;\n`,
  );
  const imports = files.map((f) => {
    const { module, namespace } = enumsModuleOf(f.file);
    return { namespace, line: `import * as ${namespace} from './${module}';` };
  });
  out.set(
    'enums.ts',
    `${BANNER}${imports.map((i) => i.line).join('\n')}\n\nexport type { Enumeration } from './enums/enumeration';\n\n` +
      `/** Every enumeration of specs/enums by name. Browser code imports a file's own module (./enums/<file>) instead, so a screen loads only the enumerations it reads. */\n` +
      `export const enums = {\n${imports.map((i) => `  ...${i.namespace},`).join('\n')}\n};\n\nexport type EnumName = keyof typeof enums;\n\n${types.join('\n\n')}\n`,
  );
  return out;
}

/** The enumerations forms and flows name (a schema's `x-enum`, a step's `choices.enum`), in order of first mention. */
function enumsNamedInSpecs(b: SpecBundle): string[] {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) {
        if (k === 'x-enum' && typeof v === 'string') names.add(v);
        else if (k === 'choices' && v && typeof v === 'object' && !Array.isArray(v) && typeof (v as { enum?: unknown }).enum === 'string')
          names.add((v as { enum: string }).enum);
        visit(v);
      }
  };
  for (const id of b.forms.keys()) visit(formDefinition(b, id));
  for (const f of b.flows.values()) visit(f.data);
  return [...names].filter((name) => b.enums[name]);
}

export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

export function emitMessages(b: SpecBundle): string {
  const entries = Object.entries(b.messages);
  const body = entries.map(([k, m]) => `${doc(m.description, 1)}  ${quote(k)}: ${quote(m.text)},`).join('\n');
  const params = entries
    .map(([k, m]) => {
      const names = placeholdersOf(m.text);
      return `  ${quote(k)}: ${names.length ? `{ ${names.map((n) => `${n}: string | number`).join('; ')} }` : 'Record<string, never>'};`;
    })
    .join('\n');
  return `${BANNER}\nexport const messages = {\n${body}\n} as const;\n\nexport type MessageKey = keyof typeof messages;\n\n/** The placeholders each message needs, by name. */\nexport interface MessageParams {\n${params}\n}\n`;
}

export function emitErrors(b: SpecBundle): string {
  const body = Object.entries(b.errors)
    .map(([name, e]) => {
      const value = { status: e.status, code: e.code ?? name, title: e.title, message: e.message, audiences: e.audiences ?? {} };
      return `${doc(e.description, 1)}  ${name}: ${literal(value, 1)},`;
    })
    .join('\n');
  return `${BANNER}import type { ErrorDefinition } from './types';\n\nexport type ErrorName = ${union(Object.keys(b.errors))};\n\nexport const errorCatalogue: Readonly<Record<ErrorName, ErrorDefinition>> = {\n${body}\n};\n`;
}
