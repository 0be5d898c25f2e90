/**
 * Proper names (a person's, a practice's) as written, in whatever language: marked translate="no", so a page
 * translator leaves them alone and the check that a Spanish screen shows no English skips them.
 */
import type { ReactNode } from 'react';
import type { MessageKey } from '@/generated/messages';
import { fillPlaceholders, messageTemplate, type PlaceholderValues } from '@/domain/messages';

export function Name({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span translate="no" className={className}>
      {children}
    </span>
  );
}

const MARK = '\u0001';

/** A message in the active language whose named values are proper names, each shown in a <Name>. */
export function messageNaming(key: MessageKey, values: PlaceholderValues, names: readonly string[]): ReactNode {
  const marked: Record<string, string | number | undefined> = { ...values };
  for (const name of names) marked[name] = `${MARK}${name}${MARK}`;
  const parts = fillPlaceholders(messageTemplate(key), marked).split(new RegExp(`${MARK}(\\w+)${MARK}`));
  // split with a group: the texts between the marks at even places, the names' placeholders at odd ones.
  return parts.map((part, i) => (i % 2 === 0 ? part : <Name key={i}>{values[part]}</Name>));
}
