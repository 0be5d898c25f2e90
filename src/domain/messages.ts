/** The one message formatter: every sentence shown to people comes from specs/messages.yaml or the error catalogue. */
import { messages, type MessageKey, type MessageParams } from '../generated/messages';

export type PlaceholderValues = Readonly<Record<string, string | number | undefined>>;

/** Fills {name} placeholders; a placeholder without a value stays visible so the gap is noticed. */
export function fillPlaceholders(template: string, values: PlaceholderValues = {}): string {
  return template.replace(/\{([a-zA-Z][a-zA-Z0-9]*)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages, key);
}

type ParamsArg<K extends MessageKey> = MessageParams[K] extends Record<string, never> ? [] : [MessageParams[K]];

/** The text of a message, placeholders filled. */
export function message<K extends MessageKey>(key: K, ...params: ParamsArg<K>): string {
  return fillPlaceholders(messages[key], params[0] as PlaceholderValues | undefined);
}
