/** The chosen session: provider, day, time in the reader's zone (and the provider's where it differs), and how it takes place. */
import { enumLabelOf } from '@/domain/translations';
import { message } from '@/domain/messages';
import type { Slot } from '@/client/store/types';
import { providerName, type ProviderProfile } from './data';
import { formatLongDay, formatTime, formatTimeForReader, formatTimeWithZone, zoneAbbreviation } from '@/domain/date-format';
import { stateName } from '@/client/ui/format';
import { Name } from '@/client/ui/Name';
import * as careEnums from '@/generated/enums/care';

export function SlotSummary({ provider, slot, timeZone }: { provider: ProviderProfile; slot: Slot; timeZone: string }) {
  return (
    <section className="card slot-summary" aria-labelledby="slot-summary-heading">
      <h2 id="slot-summary-heading" className="slot-summary__title">
        {message('ui.booking.slot.heading')}
      </h2>
      <p className="slot-summary__when">
        <strong>{formatLongDay(slot.start, timeZone)}</strong>
        <br />
        {formatTime(slot.start, timeZone)} - {formatTime(slot.end, timeZone)} {zoneAbbreviation(slot.start, timeZone)}
        {formatTimeWithZone(slot.start, provider.timeZone) !== formatTimeWithZone(slot.start, timeZone) ? (
          <>
            <br />
            <span className="small">
              {formatTimeForReader(slot.start, timeZone, provider.timeZone, provider.practice.state ? stateName(provider.practice.state) : undefined)}
            </span>
          </>
        ) : null}
      </p>
      <p className="muted">
        {message('ui.booking.slot.with', { provider: providerName(provider) })}
        {slot.availabilityType ? ` · ${enumLabelOf(careEnums.appointmentMode, slot.availabilityType)}` : ''}
      </p>
      {slot.availabilityType === 'in_person' && provider.practice.addressLine1 ? (
        <p className="small muted">
          <Name>{provider.practice.name}</Name>, {provider.practice.addressLine1}, {provider.practice.city}, {provider.practice.state}{' '}
          {provider.practice.zipcode}
        </p>
      ) : null}
    </section>
  );
}
