/**
 * One secure message thread as either side reads it: the messages, oldest first, the
 * reader's own on the right, then a box to write the next one. The screen says who is on the other
 * side and sends; this checks the text first (not blank, at most messageMaxLength) and keeps what was
 * typed when sending fails, so nothing written is lost.
 */
import { useEffect, useRef, useState } from 'react';
import type { SecureMessage } from '@/generated/entities';
import * as careConstants from '@/generated/constants/care';
import { message } from '@/domain/messages';
import { formatDateTime } from '@/domain/date-format';
import { useReaderTimeZone } from '@/client/runtime/auth/reader-zone';
import { isApiError } from '@/client/api/errors';
import { Button } from './Button';
import { ErrorNotice } from './ErrorNotice';
import './conversation.css';

export interface ConversationProps {
  /** the other side's name, shown beside their messages */
  otherName: string;
  /** names the list of messages for screen readers, e.g. "Conversation with …" */
  label: string;
  items: readonly SecureMessage[];
  /** sends the text; rejects when the API refused it */
  onSend: (text: string) => Promise<unknown>;
}

function problemOf(text: string): string | undefined {
  if (!text.trim()) return message('ui.messages.blank');
  if (text.length > careConstants.messageMaxLength) return message('ui.messages.tooLong', { max: String(careConstants.messageMaxLength) });
  return undefined;
}

export function Conversation({ otherName, label, items, onSend }: ConversationProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const end = useRef<HTMLLIElement>(null);
  // A patient reads in their account's zone; staff in their device's.
  const zone = useReaderTimeZone();

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [items.length]);

  async function send() {
    const problem = problemOf(text);
    setError(problem);
    if (problem) return;
    setSending(true);
    try {
      await onSend(text);
      setText('');
    } catch (e) {
      setError(isApiError(e) && e.status === 429 ? message('ui.messages.rateLimited') : message('ui.messages.sendFailed'));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="conversation stack">
      {items.length ? (
        <ol className="conversation__list" aria-label={label}>
          {items.map((m, i) => (
            <li key={m.id} ref={i === items.length - 1 ? end : undefined} className={`conversation__item${m.mine ? ' conversation__item--mine' : ''}`}>
              <p className="conversation__meta">
                {message('ui.messages.sentAt', { name: m.mine ? message('ui.messages.fromYou') : otherName, when: formatDateTime(m.sentAt, zone) })}
              </p>
              <p className="conversation__text">{m.text}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{message('ui.messages.empty')}</p>
      )}
      <form
        className="stack-sm"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor="conversation-text">
            {message('ui.messages.composeLabel')}
          </label>
          <textarea
            id="conversation-text"
            className="textarea"
            rows={4}
            value={text}
            aria-describedby="conversation-hint"
            aria-invalid={error ? true : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          <p id="conversation-hint" className="field__hint">
            {message('ui.messages.composeHint', { max: String(careConstants.messageMaxLength) })}
          </p>
          <ErrorNotice text={error} inline />
        </div>
        <div className="cluster">
          <Button type="submit" disabled={sending}>
            {sending ? message('ui.messages.sending') : message('ui.messages.send')}
          </Button>
        </div>
      </form>
    </div>
  );
}
