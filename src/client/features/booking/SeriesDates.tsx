/**
 * A chosen series on the booking page: how many sessions, and the list of the series' dates in the patient's zone
 * (src/domain/recurrence.ts) before paying; where the clinician's clock changes on other days, those sessions show the
 * clinician's time too.
 */
import * as bookingConstants from '@/generated/constants/booking';
import { message } from '@/domain/messages';
import { formatTimeForReader, formatWhen } from '@/domain/date-format';
import { providerShifted, seriesOccurrences } from '@/domain/recurrence';
import type { SeriesProps } from './SeriesChoice';

export function SeriesDates({ slot, timeZone, providerZone, value, onChange }: SeriesProps) {
  if (value.repeat === 'once') return null;
  const occurrences = seriesOccurrences({ start: new Date(slot.start), end: new Date(slot.end) }, value.repeat, value.sessions, timeZone);
  const shifted = new Set(providerShifted(occurrences, providerZone));
  return (
    <>
      <label className="field">
        <span className="field__label">{message('ui.booking.series.sessions')}</span>
        <input
          type="number"
          inputMode="numeric"
          min={2}
          max={bookingConstants.seriesMaxSessions}
          value={value.sessions}
          aria-describedby="series-sessions-hint"
          onChange={(e) => {
            const n = Math.round(Number(e.target.value));
            if (Number.isFinite(n)) onChange({ ...value, sessions: Math.min(bookingConstants.seriesMaxSessions, Math.max(2, n)) });
          }}
        />
        <span id="series-sessions-hint" className="small muted">
          {message('ui.booking.series.sessionsHint', { max: bookingConstants.seriesMaxSessions })}
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
  );
}
