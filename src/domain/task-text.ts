/**
 * The texts the server writes on tasks and red alerts (a reason, a resolution note), kept as a message
 * key and its values and rendered when read, in the reader's language: a support agent who
 * reads Spanish sees an alert an English request raised in Spanish. Values that are copy (a message, an
 * enumeration value) are kept as keys too, and a session's time as an instant and its zone, so both are
 * put in the reader's language at read time; data (a name, a count, a gateway's answer) and a person's
 * own words are kept and shown as they are.
 *
 * `readTaskText` is the one way every screen and answer reads such a text; a row written before texts
 * had keys (or whose key has left the specs) reads as the sentence it stored.
 */
import { enums, type EnumName } from '../generated/enums';
import type { MessageKey, MessageParams } from '../generated/messages';
import { formatSessionTime } from './date-format';
import { activeLocale, DEFAULT_LOCALE, type Locale } from './locale';
import { fillPlaceholders, isMessageKey, messageTemplate } from './messages';
import { enumLabelOf } from './translations';

/** One value of a task text. */
export type TaskTextValue =
  /** data, shown as it is (a name, a count, a transaction id, a gateway's answer, a person's note) */
  | string
  | number
  /** copy: a message of specs/messages, in the reader's language */
  | { message: MessageKey }
  /** copy: an enumeration value's label, in the reader's language */
  | { enum: EnumName; value: string }
  /** a session's time in its zone, formatted for the reader (src/domain/date-format.ts) */
  | { sessionTime: string; zone: string };

export type TaskTextParams = Readonly<Record<string, TaskTextValue>>;

/** A text as stored: the key and its values. */
export interface TaskText {
  key: MessageKey;
  params: TaskTextParams;
}

type ValuesOf<K extends MessageKey> = { [P in keyof MessageParams[K]]: TaskTextValue };
type ValuesArg<K extends MessageKey> = MessageParams[K] extends Record<string, never> ? [] : [ValuesOf<K>];

/** A task text from a message key and its values (the key's placeholders, checked by the compiler). */
export function taskText<K extends MessageKey>(key: K, ...values: ValuesArg<K>): TaskText {
  return { key, params: (values[0] ?? {}) as TaskTextParams };
}

/** A value as the message shows it in the language; a value of an unknown shape (a row from elsewhere) shows as text. */
function shown(value: unknown, locale: Locale): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.message === 'string') return isMessageKey(v.message) ? messageTemplate(v.message, locale) : v.message;
    if (typeof v.enum === 'string' && typeof v.value === 'string') {
      return Object.prototype.hasOwnProperty.call(enums, v.enum) ? enumLabelOf(enums[v.enum as EnumName], v.value, locale) : v.value;
    }
    if (typeof v.sessionTime === 'string' && typeof v.zone === 'string') {
      try {
        return formatSessionTime(v.sessionTime, v.zone, locale);
      } catch {
        // An instant or zone Intl refuses: the stored instant still says when.
        return v.sessionTime;
      }
    }
  }
  return value == null ? '' : JSON.stringify(value);
}

/** A text in a language (the reader's by default). */
export function renderTaskText(text: { key: string; params?: unknown }, locale: Locale = activeLocale()): string | undefined {
  if (!isMessageKey(text.key)) return undefined;
  const params = text.params && typeof text.params === 'object' ? (text.params as Record<string, unknown>) : {};
  const values = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, shown(value, locale)]));
  return fillPlaceholders(messageTemplate(text.key, locale), values, locale);
}

/** The sentence stored beside the key: the default language's (what a row without a key, or an old reader, shows). */
export function storedSentence(text: TaskText): string {
  return renderTaskText(text, DEFAULT_LOCALE)!;
}

/**
 * The one read of a task's text: its key and values in the reader's language, else (a row written before
 * texts had keys, a person's own words, a key no longer in the specs) the sentence as stored.
 */
export function readTaskText(stored: string, key: string | null | undefined, params: unknown, locale: Locale = activeLocale()): string {
  return (key && renderTaskText({ key, params }, locale)) || stored;
}

/** A task's reason for the reader (every task list, alert and answer reads it through this). */
export function taskReason(task: { reason: string; reasonKey?: string | null; reasonParams?: unknown }, locale: Locale = activeLocale()): string {
  return readTaskText(task.reason, task.reasonKey, task.reasonParams, locale);
}

/** A task's resolution note for the reader: a person's words as typed, a note the server wrote in the reader's language. */
export function taskResolutionNote(
  task: { resolutionNote: string | null; resolutionNoteKey?: string | null; resolutionNoteParams?: unknown },
  locale: Locale = activeLocale(),
): string | null {
  return task.resolutionNote === null ? null : readTaskText(task.resolutionNote, task.resolutionNoteKey, task.resolutionNoteParams, locale);
}
