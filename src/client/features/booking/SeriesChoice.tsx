/**
 * Recurring sessions on the booking page: just this session, every week or every other week, how many, and the list
 * of the series' dates in the patient's zone (src/domain/recurrence.ts) before paying; where the clinician's clock
 * changes on other days, those sessions show the clinician's time too.
 */
import { constants } from '@/generated/constants';
import type { SessionRepeat } from '@/generated/enums';
import { message } from '@/domain/messages';
import { enumOptionsOf } from '@/domain/translations';
import { formatTimeForReader, formatWhen } from '@/domain/date-format';
import { providerShifted, seriesOccurrences } from '@/domain/recurrence';
import type { Slot } from '@/client/store/types';

export interface SeriesState {
  repeat: SessionRepeat;
  sessions: number;
}

export function SeriesChoice({
  slot,
  timeZone,
  providerZone,
  value,
  onChange,
}: {
  slot: Slot;
  timeZone: string;
  providerZone: string;
  value: SeriesState;
  onChange: (next: SeriesState) => void;
}) {
  const occurrences =
    value.repeat === 'once' ? [] : seriesOccurrences({ start: new Date(slot.start), end: new Date(slot.end) }, value.repeat, value.sessions, timeZone);
  const shifted = new Set(providerShifted(occurrences, providerZone));
  return (
    <fieldset className="card stack series-choice">
      <legend className="field__label">{message('ui.booking.series.legend')}</legend>
      <ul className="choice-list">
        {enumOptionsOf('sessionRepeat').map((o) => (
          <li key={o.value}>
            <label className="choice-row">
              <input type="radio" name="session-repeat" checked={value.repeat === o.value} onChange={() => onChange({ ...value, repeat: o.value })} />
              <span>{o.label}</span>
            </label>
          </li>
        ))}
      </ul>
      {value.repeat !== 'once' ? (
        <>
          <label className="field">
            <span className="field__label">{message('ui.booking.series.sessions')}</span>
            <input
              type="number"
              inputMode="numeric"
              min={2}
              max={constants.seriesMaxSessions}
              value={value.sessions}
              aria-describedby="series-sessions-hint"
              onChange={(e) => {
                const n = Math.round(Number(e.target.value));
                if (Number.isFinite(n)) onChange({ ...value, sessions: Math.min(constants.seriesMaxSessions, Math.max(2, n)) });
              }}
            />
            <span id="series-sessions-hint" className="small muted">
              {message('ui.booking.series.sessionsHint', { max: constants.seriesMaxSessions })}
            </span>
          </label>
          <h3 className="field__label">{message('ui.booking.series.datesTitle', { count: occurrences.length })}</h3>
          <ol className="series-dates" aria-label={message('ui.booking.series.datesTitle', { count: occurrences.length })}>
            {occurrences.map((o) => (
              <li key={o.index}>
                {formatWhen(o.start, timeZone)}
                {shifted.has(o.index) ? <span className="small muted"> ({formatTimeForReader(o.start, timeZone, providerZone)})</span> : null}
              </li>
            ))}
          </ol>
          {shifted.size ? <p className="small muted">{message('ui.booking.series.providerShifted')}</p> : null}
        </>
      ) : null}
    </fieldset>
  );
}
