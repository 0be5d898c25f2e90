/** The chosen session: provider, day, time in their zone, and how it takes place. */
import { enumLabelOf } from '@/domain/translations';
import { message } from '@/domain/messages';
import type { Slot } from '@/client/store/types';
import { providerName, type ProviderProfile } from './data';
import { formatLongDay, formatTime, zoneAbbreviation } from '@/domain/date-format';

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
      </p>
      <p className="muted">
        {message('ui.booking.slot.with', { provider: providerName(provider) })}
        {slot.availabilityType ? ` · ${enumLabelOf('appointmentMode', slot.availabilityType)}` : ''}
      </p>
      {slot.availabilityType === 'in_person' && provider.practice.addressLine1 ? (
        <p className="small muted">
          {provider.practice.name}, {provider.practice.addressLine1}, {provider.practice.city}, {provider.practice.state} {provider.practice.zipcode}
        </p>
      ) : null}
    </section>
  );
}
