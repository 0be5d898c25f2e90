/**
 * When the chosen time is gone (code 3001), the next open times of the same provider, so the
 * person picks another one instead of starting over.
 */
import { Link, useSearchParams } from 'react-router';
import { routeById } from '@/generated/routes';
import * as placesConstants from '@/generated/constants/places';
import { message } from '@/domain/messages';
import { formatPhone } from '@/domain/phone';
import { Skeleton } from '@/client/ui/Skeleton';
import { carriedQuery } from './flow';
import { providerName, useProviderSlots, type ProviderProfile } from './data';
import { formatLongDay, formatTime, zoneAbbreviation } from '@/domain/date-format';

const OFFERED = 6;

export function NextSlots({ provider, lostSlotId, text }: { provider: ProviderProfile; lostSlotId?: string; text?: string }) {
  const [search] = useSearchParams();
  const slots = useProviderSlots(provider.id);
  const zone = search.get('tz') ?? slots.data?.timeZone ?? provider.timeZone;
  const offered = (slots.data?.slots ?? []).filter((s) => s.id !== lostSlotId).slice(0, OFFERED);
  const linkTo = (slotId: string) => {
    const q = carriedQuery(search);
    q.set('slotId', slotId);
    q.set('providerId', provider.id);
    return `${routeById.booking.path}?${q.toString()}`;
  };
  return (
    <section className="notice notice--warning stack" aria-labelledby="slot-gone-heading" role="alert">
      <h2 id="slot-gone-heading">{message('ui.booking.slotGone.heading')}</h2>
      {text ? <p>{text}</p> : null}
      {slots.isPending ? (
        <Skeleton height="6rem" label={message('ui.booking.hold.pending')} />
      ) : offered.length ? (
        <>
          <p>{message('ui.booking.slotGone.text', { provider: providerName(provider) })}</p>
          <ul className="slot-list" aria-label={message('ui.booking.slotGone.text', { provider: providerName(provider) })}>
            {offered.map((s) => (
              <li key={s.id}>
                <Link className="btn btn--secondary btn--block" to={linkTo(s.id)} reloadDocument={false}>
                  {formatLongDay(s.start, zone)}, {formatTime(s.start, zone)} {zoneAbbreviation(s.start, zone)}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          {message('ui.booking.slotGone.none', { phone: formatPhone(placesConstants.supportPhone) })}{' '}
          <Link to={routeById.providerSearch.path}>{message('ui.booking.slot.findProvider')}</Link>
        </p>
      )}
    </section>
  );
}
