/**
 * The crisis screen: shown in place of a flow, before anything else, the moment an answer
 * says a person may be in crisis (src/domain/crisis.ts) - the 988 line by call or text and 911, as links
 * that dial or text, then a way back to the rest of the flow. Focus moves to its heading so a screen
 * reader says it at once.
 */
import { useEffect, useRef } from 'react';
import { crisisHrefs } from '@/domain/crisis';
import { message } from '@/domain/messages';
import { Button } from './Button';

export function CrisisScreen({ onContinue, continueLabel, body }: { onContinue: () => void; continueLabel: string; body?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const href = crisisHrefs();
  return (
    <section className="crisis-screen stack" role="alert" aria-labelledby="crisis-heading">
      <h2 id="crisis-heading" ref={heading} tabIndex={-1}>
        {message('ui.crisis.heading')}
      </h2>
      <p>{body ?? message('ui.crisis.body')}</p>
      <div className="cluster">
        <a className="btn btn--danger" href={href.call988}>
          {message('ui.layout.crisis.call988')}
        </a>
        <a className="btn btn--danger" href={href.text988}>
          {message('ui.layout.crisis.text988')}
        </a>
        <a className="btn btn--secondary" href={href.call911}>
          {message('ui.layout.crisis.call911')}
        </a>
      </div>
      <div>
        <Button variant="secondary" onClick={onContinue}>
          {continueLabel}
        </Button>
      </div>
    </section>
  );
}
