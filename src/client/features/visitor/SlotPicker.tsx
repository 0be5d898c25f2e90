/**
 * A provider's open times by day (product-spec §2 availability modal, §4 slot rules): one column
 * per day, at least slotTableMinRows rows, filtered by session type and time of day. The API applies
 * the slot rules (lead time, medication slots, filters in the provider's time zone); choosing a
 * time hands the slot to onChoose. Each time says the service it books (bookingCounselingType, the
 * rule the booking starts with), so a therapy search never turns silently into a psychiatry booking.
 */
import { useId, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import copy from '../../../generated/content/provider-search';
import { constants } from '../../../generated/constants';
import { enums, type AppointmentMode, type CounselingType, type TimeOfDay } from '../../../generated/enums';
import { fillContent } from '../../../domain/content-text';
import { bookingCounselingType } from '../../../domain/provider-search';
import { slotColumn, slotTableRowCount } from '../../../domain/slot-table';
import { useApiCall } from '../../api/api-context';
import { formatDay, formatLongDay, formatTime, localDateKey, zoneLabel } from '../../ui/format';
import { Skeleton } from '../../ui/Skeleton';
import { PageLoadError } from '../../app/PageLoadError';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { availabilityQuery, type Provider, type Slot } from './queries';

const t = copy.availability;

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The picker's first view without filters (a profile's): the server renders it, so the HTML shows the times. */
export function firstAvailabilityQuery(call: ReturnType<typeof useApiCall>, provider: Pick<Provider, 'id' | 'timeZone'>) {
  const startDate = localDateKey(new Date(), provider.timeZone);
  return availabilityQuery(call, provider.id, { startDate, endDate: addDays(startDate, constants.slotListMaxDays - 1) });
}

export interface SlotPickerProps {
  provider: Provider;
  initialMode?: AppointmentMode;
  initialTimeOfDay?: TimeOfDay;
  /** the care searched for: a therapy search is offered therapy times, a psychiatry search medication times */
  counselingType?: CounselingType;
  /** every counseling type searched for (the booking starts with one of them); defaults to counselingType */
  searchedCounselingTypes?: readonly string[];
  onChoose: (slot: Slot) => void;
}

export function SlotPicker({ provider, initialMode, initialTimeOfDay, counselingType, searchedCounselingTypes, onChoose }: SlotPickerProps) {
  const call = useApiCall();
  const id = useId();
  const wide = useMediaQuery('(min-width: 40rem)');
  const daysPerView = wide ? 5 : 3;
  const [mode, setMode] = useState<AppointmentMode | ''>(initialMode ?? '');
  const [timeOfDay, setTimeOfDay] = useState<TimeOfDay | ''>(initialTimeOfDay ?? '');
  const [range, setRange] = useState(0);
  const [firstDay, setFirstDay] = useState(0);
  const zone = provider.timeZone;
  const offersInPerson = provider.filters.some((f) => f.type === 'availability_type' && f.value === 'in_person');
  const offeredTypes = provider.filters.filter((f) => f.type === 'counseling_type').map((f) => f.value);
  const searched = searchedCounselingTypes ?? (counselingType ? [counselingType] : undefined);
  const serviceOf = (slot: Slot) => {
    const service = bookingCounselingType(offeredTypes, searched, slot.isMedication);
    return service ? enums.counselingType.labels[service] : undefined;
  };
  const modes = enums.appointmentMode.options.filter((o) => o.value !== 'in_person' || offersInPerson);

  const today = useMemo(() => localDateKey(new Date(), zone), [zone]);
  const startDate = addDays(today, range * constants.slotListMaxDays);
  const endDate = addDays(startDate, constants.slotListMaxDays - 1);
  const lastRange = Math.floor((constants.availabilityWindowDays - 1) / constants.slotListMaxDays);
  const query = useQuery({
    ...availabilityQuery(call, provider.id, {
      startDate,
      endDate,
      ...(mode ? { availabilityType: [mode] } : {}),
      ...(timeOfDay ? { timeOfDay: [timeOfDay] } : {}),
      ...(counselingType ? { counselingType } : {}),
    }),
    placeholderData: keepPreviousData,
  });

  const days = useMemo(() => {
    const byDay = new Map<string, Slot[]>();
    for (const slot of query.data?.slots ?? []) {
      const key = localDateKey(slot.start, zone);
      byDay.set(key, [...(byDay.get(key) ?? []), slot]);
    }
    return [...byDay.entries()].map(([key, slots]) => ({ key, slots }));
  }, [query.data, zone]);
  const shown = days.slice(firstDay, firstDay + daysPerView);
  const rows = slotTableRowCount(shown.map((d) => d.slots.length));
  const canGoEarlier = firstDay > 0 || range > 0;
  const canGoLater = firstDay + daysPerView < days.length || range < lastRange;

  const resetDays = () => setFirstDay(0);
  const earlier = () => {
    if (firstDay > 0) setFirstDay(Math.max(0, firstDay - daysPerView));
    else if (range > 0) setRange(range - 1);
  };
  const later = () => {
    if (firstDay + daysPerView < days.length) setFirstDay(firstDay + daysPerView);
    else if (range < lastRange) {
      setRange(range + 1);
      setFirstDay(0);
    }
  };
  const modeLabel = (m: AppointmentMode) => enums.appointmentMode.labels[m];

  return (
    <div className="slot-picker stack">
      <div className="slot-picker__filters">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-mode`}>
            {t.modeLabel}
          </label>
          <select
            id={`${id}-mode`}
            className="select"
            value={mode}
            onChange={(e) => {
              setMode(e.target.value as AppointmentMode | '');
              resetDays();
            }}
          >
            <option value="">{t.anyMode}</option>
            {modes.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-time`}>
            {t.timeOfDayLabel}
          </label>
          <select
            id={`${id}-time`}
            className="select"
            value={timeOfDay}
            onChange={(e) => {
              setTimeOfDay(e.target.value as TimeOfDay | '');
              resetDays();
            }}
          >
            <option value="">{t.anyTime}</option>
            {enums.timeOfDay.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="small muted">{fillContent(t.timeZone, { zone: zoneLabel(zone) })}</p>

      <div aria-live="polite" aria-busy={query.isFetching}>
        {query.isPending ? (
          <div className="slot-table__loading" role="status">
            <span className="visually-hidden">{t.loading}</span>
            {Array.from({ length: constants.slotTableMinRows + 1 }, (_, i) => (
              <Skeleton key={i} height="2.75rem" />
            ))}
          </div>
        ) : query.isError ? (
          <PageLoadError />
        ) : shown.length === 0 ? (
          <p className="notice">{t.none}</p>
        ) : (
          <table className="slot-table" style={{ ['--slot-days' as string]: shown.length }}>
            <caption className="visually-hidden">{fillContent(t.heading, { name: `${provider.firstName} ${provider.lastName}` })}</caption>
            <thead>
              <tr>
                {shown.map((d) => (
                  <th key={d.key} scope="col">
                    {formatDay(d.slots[0]!.start, zone)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: rows }, (_, row) => (
                <tr key={row}>
                  {shown.map((d) => {
                    const slot = slotColumn(d.slots, rows)[row];
                    return (
                      <td key={d.key}>
                        {slot ? (
                          <button type="button" className="slot-button" onClick={() => onChoose(slot)}>
                            {/* The name starts with what is seen (time, session type); the day is added for screen readers. */}
                            <span>{formatTime(slot.start, zone)}</span> <span className="slot-button__mode">{modeLabel(slot.availabilityType)}</span>
                            {serviceOf(slot) ? <span className="slot-button__service">{serviceOf(slot)}</span> : null}
                            <span className="visually-hidden">{fillContent(t.chooseDay, { day: formatLongDay(slot.start, zone) })}</span>
                          </button>
                        ) : (
                          <span className="slot-table__empty" aria-hidden="true">
                            –
                          </span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>

      <div className="slot-picker__paging cluster">
        <button type="button" className="btn btn--secondary" onClick={earlier} disabled={!canGoEarlier || query.isFetching}>
          {t.earlier}
        </button>
        <button type="button" className="btn btn--secondary" onClick={later} disabled={!canGoLater || query.isFetching}>
          {t.later}
        </button>
      </div>
    </div>
  );
}
