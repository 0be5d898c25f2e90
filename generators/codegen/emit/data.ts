/** Emitters for plain data specs: constants, enums, messages, errors, content, flags, flows, mail. */
import type { SpecBundle } from '../model';
import { BANNER, doc, key, literal, pascal, quote, union } from './util';

const PLACEHOLDER = /\{([a-zA-Z][a-zA-Z0-9]*)\}/g;

export function emitConstants(b: SpecBundle): string {
  const body = Object.entries(b.constants)
    .map(([name, c]) => `${doc(c.description, 1)}  ${key(name)}: ${literal(c.value, 1)},`)
    .join('\n');
  return `${BANNER}\nexport const constants = {\n${body}\n} as const;\n\nexport type Constants = typeof constants;\n`;
}

/**
 * Each enumeration's options are written once; its values and labels are read from them when the module loads
 * (enumOf), with the same types as if written out: the browser's script carries each value and label once.
 */
export function emitEnums(b: SpecBundle): string {
  const entries: string[] = [];
  const types: string[] = [];
  for (const [name, e] of Object.entries(b.enums)) {
    const values = e.values.map((v) => v.value);
    const options = e.values.map((v) => ({ value: v.value, label: v.label, shortLabel: v.shortLabel, description: v.description, group: v.group }));
    // A pure call on its own literal: a bundle that reads no property of this enumeration leaves it out.
    entries.push(`${doc(e.description, 1)}  ${name}: /* @__PURE__ */ enumOf(${literal(options, 1)} as const),`);
    types.push(`${doc(e.description)}export type ${pascal(name)} = ${union(values)};`);
  }
  return `${BANNER}
type EnumOptions = readonly { readonly value: string; readonly label: string }[];

/** An enumeration: its values in order, each value's label, and its options as specified. */
export interface Enumeration<O extends EnumOptions> {
  readonly values: { readonly [I in keyof O]: O[I]['value'] };
  readonly labels: { readonly [V in O[number] as V['value']]: V['label'] };
  readonly options: O;
}

function enumOf<O extends EnumOptions>(options: O): Enumeration<O>;
function enumOf(options: EnumOptions): Enumeration<EnumOptions> {
  return { values: options.map((o) => o.value), labels: Object.fromEntries(options.map((o) => [o.value, o.label])), options };
}

export const enums = {
${entries.join('\n')}
};

export type EnumName = keyof typeof enums;

${types.join('\n\n')}
`;
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
