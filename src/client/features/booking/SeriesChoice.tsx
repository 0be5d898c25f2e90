/**
 * Recurring sessions on the booking page: just this session, every week or every other week. The choice is drawn with
 * the page (it is above the payment choice, so a late arrival would move what the person is about to tap); how many
 * sessions and the list of the series' dates (SeriesDates, with the recurrence rules) load once a repeat is chosen.
 */
import { lazy, Suspense } from 'react';
import type { SessionRepeat } from '@/generated/enums';
import { message } from '@/domain/messages';
import { enumOptionsOf } from '@/domain/translations';
import type { Slot } from '@/client/store/types';
import { Skeleton } from '@/client/ui/Skeleton';
import * as careEnums from '@/generated/enums/care';

export interface SeriesState {
  repeat: SessionRepeat;
  sessions: number;
}

const SeriesDates = lazy(async () => ({ default: (await import('./SeriesDates')).SeriesDates }));

/** The held slot, the patient's and the provider's zones, and the series chosen so far. */
export interface SeriesProps {
  slot: Slot;
  timeZone: string;
  providerZone: string;
  value: SeriesState;
  onChange: (next: SeriesState) => void;
}

export function SeriesChoice(props: SeriesProps) {
  const { value, onChange } = props;
  return (
    <fieldset className="card stack series-choice">
      <legend className="field__label">{message('ui.booking.series.legend')}</legend>
      <ul className="choice-list">
        {enumOptionsOf(careEnums.sessionRepeat).map((o) => (
          <li key={o.value}>
            <label className="choice-row">
              <input type="radio" name="session-repeat" checked={value.repeat === o.value} onChange={() => onChange({ ...value, repeat: o.value })} />
              <span>{o.label}</span>
            </label>
          </li>
        ))}
      </ul>
      {value.repeat !== 'once' ? (
        <Suspense fallback={<Skeleton height="6rem" />}>
          <SeriesDates {...props} />
        </Suspense>
      ) : null}
    </fieldset>
  );
}
