/**
 * "In crisis? Call 988 · Text 988 · 911 if in danger": a thin line at the very top of every
 * page, server-rendered with the page so nothing moves when the app starts, on phones and desktops alike
 * and never inside a menu. The links dial or text the numbers; the Spanish words name the 988 line's
 * Spanish option ("oprima 2" on a call, the word AYUDA in a text: crisisHrefs, src/domain/crisis.ts).
 */
import { crisisHrefs } from '@/domain/crisis';
import { message } from '@/domain/messages';

export function CrisisLine() {
  const href = crisisHrefs();
  return (
    <aside className="crisis-line" aria-label={message('ui.layout.crisis.name')}>
      <div className="container crisis-line__inner">
        <span className="crisis-line__lead">{message('ui.layout.crisis.lead')}</span>
        <a className="crisis-line__link" href={href.call988}>
          {message('ui.layout.crisis.call988')}
        </a>
        <a className="crisis-line__link" href={href.text988}>
          {message('ui.layout.crisis.text988')}
        </a>
        <a className="crisis-line__link" href={href.call911}>
          {message('ui.layout.crisis.call911')}
        </a>
      </div>
    </aside>
  );
}
