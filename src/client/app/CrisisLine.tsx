/**
 * "In crisis? Call 988 · Text 988 · 911 if in danger" (issue 39 item 3): a thin line at the very top of every
 * page, server-rendered with the page so nothing moves when the app starts, on phones and desktops alike
 * and never inside a menu. The links dial or text the numbers; the Spanish words name the 988 line's
 * Spanish option ("oprima 2").
 */
import { constants } from '@/generated/constants';
import { message } from '@/domain/messages';

export function CrisisLine() {
  const { lifeline, emergency } = constants.crisisLines;
  return (
    <aside className="crisis-line" aria-label={message('ui.layout.crisis.name')}>
      <div className="container crisis-line__inner">
        <span className="crisis-line__lead">{message('ui.layout.crisis.lead')}</span>
        <a className="crisis-line__link" href={`tel:${lifeline}`}>
          {message('ui.layout.crisis.call988')}
        </a>
        <a className="crisis-line__link" href={`sms:${lifeline}`}>
          {message('ui.layout.crisis.text988')}
        </a>
        <a className="crisis-line__link" href={`tel:${emergency}`}>
          {message('ui.layout.crisis.call911')}
        </a>
      </div>
    </aside>
  );
}
