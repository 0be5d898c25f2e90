/**
 * A provider's open times by day (product-spec §2 availability modal, §4 slot rules): one column
 * per day, at least slotTableMinRows rows, filtered by session type and time of day. The API applies
 * the slot rules (lead time, medication slots, filters in the provider's time zone); choosing a
 * time hands the slot to onChoose. Each time says the service it books (bookingCounselingType, the
 * rule the booking starts with), so a therapy search never turns silently into a psychiatry booking.
 */
import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { apiQueries, useGetProviderAvailabilityQuery } from '@/generated/client/hooks';
import copySpec from '@/generated/content/provider-search';
import * as marketplaceConstants from '@/generated/constants/marketplace';
import * as timingConstants from '@/generated/constants/timing';
import type { AppointmentMode, CounselingType, TimeOfDay } from '@/generated/enums';
import { fillContent } from '@/domain/content-text';
import { bookingCounselingType } from '@/domain/provider-search';
import { slotColumn, slotTableRowCount } from '@/domain/slot-table';
import type { ApiClient } from '@/client/api/api-context';
import { HiddenFields } from '@/client/ui/HiddenFields';
import { Skeleton } from '@/client/ui/Skeleton';
import { PageLoadError } from '@/client/app/PageLoadError';
import { useMediaQuery } from '@/client/ui/useMediaQuery';
import { earlierView, laterView, otherParams, SLOT_PICKER_ANCHOR, SLOT_VIEW_PARAMS, slotViewFromSearch, slotViewHref, type SlotView } from '@/domain/slot-view';
import { useDocumentMode } from '@/client/runtime/ssr/document-mode';
import { availabilityInput, type Provider, type Slot } from './queries';
import { formatDay, formatLongDay, formatTime, isTimeZone, zoneLabel } from '@/domain/date-format';
import { READER_ZONE_PARAM } from '@/client/islands/names';
import { useReaderTimeZone } from '@/client/runtime/auth/reader-zone';
import { addDaysIso, isoDateIn } from '@/domain/dates';
import { fullName } from '@/domain/names';
import { enumLabelOf, enumOptionsOf, liveDocument } from '@/domain/translations';
import * as careEnums from '@/generated/enums/care';

const copy = liveDocument('content', copySpec);

/** Day columns of a document page's picker (the server does not know the screen's width: the phone's). */
const DOCUMENT_DAYS_PER_VIEW = 3;

/** The availability input of a view: its days counted from today in the provider's zone, its session type and time of day. */
function viewInput(
  provider: Pick<Provider, 'id' | 'timeZone'>,
  view: SlotView,
  counselingType?: CounselingType,
  today = isoDateIn(new Date(), provider.timeZone),
) {
  const startDate = addDaysIso(today, view.range * marketplaceConstants.slotListMaxDays);
  return availabilityInput(provider.id, {
    startDate,
    endDate: addDaysIso(startDate, marketplaceConstants.slotListMaxDays - 1),
    ...(view.mode ? { availabilityType: [view.mode] } : {}),
    ...(view.timeOfDay ? { timeOfDay: [view.timeOfDay] } : {}),
    ...(counselingType ? { counselingType } : {}),
  });
}

/** The picker's view on a profile (its first view, or the one its address asks for, for the care a search asked for): the server renders it, so the HTML shows the times. */
export function profileAvailabilityQuery(
  api: ApiClient,
  provider: Pick<Provider, 'id' | 'timeZone'>,
  search: URLSearchParams,
  counselingType?: CounselingType,
  now = new Date(),
) {
  return apiQueries.getProviderAvailability(api, viewInput(provider, slotViewFromSearch(search), counselingType, isoDateIn(now, provider.timeZone)));
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
  /** on a document page (not hydrated) each time is a link: where choosing it goes */
  chooseHref?: (slot: Slot) => string;
}

export function SlotPicker({ provider, initialMode, initialTimeOfDay, counselingType, searchedCounselingTypes, onChoose, chooseHref }: SlotPickerProps) {
  const t = copy.availability;
  const id = useId();
  const documentMode = useDocumentMode();
  const addressed = documentMode ? slotViewFromSearch(documentMode.search) : undefined;
  const wide = useMediaQuery('(min-width: 40rem)');
  const daysPerView = documentMode ? DOCUMENT_DAYS_PER_VIEW : wide ? 5 : 3;
  const [mode, setMode] = useState<AppointmentMode | ''>(addressed?.mode ?? initialMode ?? '');
  const [timeOfDay, setTimeOfDay] = useState<TimeOfDay | ''>(addressed?.timeOfDay ?? initialTimeOfDay ?? '');
  const [range, setRange] = useState(addressed?.range ?? 0);
  const [firstDay, setFirstDay] = useState(addressed?.firstDay ?? 0);
  // Times are shown in the reader's zone: in the app the account's or the device's; on a server-rendered page the
  // one its address names (the islands script adds the browser's), else the provider's, which the line above names.
  const appReaderZone = useReaderTimeZone();
  const addressedZone = documentMode?.search.get(READER_ZONE_PARAM);
  const zone = documentMode ? (addressedZone && isTimeZone(addressedZone) ? addressedZone : provider.timeZone) : appReaderZone;
  const providerZoneDiffers = zoneLabel(zone) !== zoneLabel(provider.timeZone);
  const offersInPerson = provider.filters.some((f) => f.type === 'availability_type' && f.value === 'in_person');
  const offeredTypes = provider.filters.filter((f) => f.type === 'counseling_type').map((f) => f.value);
  const searched = searchedCounselingTypes ?? (counselingType ? [counselingType] : undefined);
  const serviceOf = (slot: Slot) => {
    const service = bookingCounselingType(offeredTypes, searched, slot.isMedication);
    return service ? enumLabelOf(careEnums.counselingType, service) : undefined;
  };
  const modes = enumOptionsOf(careEnums.appointmentMode).filter((o) => o.value !== 'in_person' || offersInPerson);

  // A document page counts days from the server's clock (its render and its prefetched times agree).
  // The view's days are counted in the provider's zone, as the server prefetched them (profileAvailabilityQuery).
  const providerZone = provider.timeZone;
  const today = useMemo(() => isoDateIn(documentMode?.now ?? new Date(), providerZone), [documentMode?.now, providerZone]);
  const view: SlotView = { mode, timeOfDay, range, firstDay };
  const query = useGetProviderAvailabilityQuery(viewInput(provider, view, counselingType, today), { placeholderData: keepPreviousData });

  const days = useMemo(() => {
    const byDay = new Map<string, Slot[]>();
    for (const slot of query.data?.slots ?? []) {
      const key = isoDateIn(slot.start, zone);
      byDay.set(key, [...(byDay.get(key) ?? []), slot]);
    }
    return [...byDay.entries()].map(([key, slots]) => ({ key, slots }));
  }, [query.data, zone]);
  const shown = days.slice(firstDay, firstDay + daysPerView);
  const rows = slotTableRowCount(shown.map((d) => d.slots.length));
  const earlierOne = earlierView(view, daysPerView);
  const laterOne = laterView(view, daysPerView, days.length);

  const resetDays = () => setFirstDay(0);
  const show = (next: SlotView | undefined) => {
    if (!next) return;
    setRange(next.range);
    setFirstDay(next.firstDay);
  };
  const modeLabel = (m: AppointmentMode) => enumLabelOf(careEnums.appointmentMode, m);

  // In the app each filter is controlled; on a document page it is a field of the view's GET form.
  const filterSelect = <V extends string>(
    suffix: string,
    name: string,
    value: V | '',
    set: (value: V | '') => void,
    anyLabel: string,
    options: readonly { value: V; label: string }[],
  ) => (
    <select
      id={`${id}-${suffix}`}
      className="select"
      {...(documentMode
        ? { name, defaultValue: value }
        : {
            value,
            onChange: (e: ChangeEvent<HTMLSelectElement>) => {
              set(e.target.value as V | '');
              resetDays();
            },
          })}
    >
      <option value="">{anyLabel}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
  const modeSelect = filterSelect('mode', SLOT_VIEW_PARAMS.mode, mode, setMode, t.anyMode, modes);
  const timeSelect = filterSelect('time', SLOT_VIEW_PARAMS.timeOfDay, timeOfDay, setTimeOfDay, t.anyTime, enumOptionsOf(careEnums.timeOfDay));
  const filterFields = (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-mode`}>
          {t.modeLabel}
        </label>
        {modeSelect}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-time`}>
          {t.timeOfDayLabel}
        </label>
        {timeSelect}
      </div>
    </>
  );
  const slotLabel = (slot: Slot) => (
    <>
      {/* The name starts with what is seen (time, session type); the day is added for screen readers. */}
      <span>{formatTime(slot.start, zone)}</span>
      {/* The zone is in every time's name; the line above the picker says it to the eye. */}
      <span className="visually-hidden"> {zoneLabel(zone, new Date(slot.start))}</span>{' '}
      <span className="slot-button__mode">{modeLabel(slot.availabilityType)}</span>
      {serviceOf(slot) ? <span className="slot-button__service">{serviceOf(slot)}</span> : null}
      <span className="visually-hidden">{fillContent(t.chooseDay, { day: formatLongDay(slot.start, zone) })}</span>
    </>
  );

  return (
    <div className="slot-picker stack" id={documentMode ? SLOT_PICKER_ANCHOR : undefined}>
      {documentMode ? (
        // A document page is not hydrated: the filters are a GET form, the view is the page's address.
        <form className="slot-picker__filters" method="get" action={`#${SLOT_PICKER_ANCHOR}`}>
          <HiddenFields params={otherParams(documentMode.search)} />
          {filterFields}
          <button type="submit" className="btn btn--secondary slot-picker__show">
            {t.showTimes}
          </button>
        </form>
      ) : (
        <div className="slot-picker__filters">{filterFields}</div>
      )}
      <p className="small muted">
        {providerZoneDiffers
          ? fillContent(t.timeZoneYours, { zone: zoneLabel(zone), name: fullName(provider), providerZone: zoneLabel(provider.timeZone) })
          : fillContent(t.timeZone, { zone: zoneLabel(zone) })}
      </p>

      <div aria-live="polite" aria-busy={query.isFetching}>
        {query.isPending ? (
          <div className="slot-table__loading" role="status">
            <span className="visually-hidden">{t.loading}</span>
            {Array.from({ length: timingConstants.slotTableMinRows + 1 }, (_, i) => (
              <Skeleton key={i} height="2.75rem" />
            ))}
          </div>
        ) : query.isError ? (
          <PageLoadError />
        ) : shown.length === 0 ? (
          <p className="notice">{t.none}</p>
        ) : (
          <table className="slot-table" style={{ ['--slot-days' as string]: shown.length }}>
            <caption className="visually-hidden">{fillContent(t.heading, { name: fullName(provider) })}</caption>
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
                        {slot && documentMode && chooseHref ? (
                          <a className="slot-button" href={chooseHref(slot)} rel="nofollow">
                            {slotLabel(slot)}
                          </a>
                        ) : slot ? (
                          <button type="button" className="slot-button" onClick={() => onChoose(slot)}>
                            {slotLabel(slot)}
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

      {documentMode ? (
        // Plain links to the earlier and later views (not for search engines: the profile is the page).
        <nav className="slot-picker__paging cluster" aria-label={t.days}>
          {earlierOne ? (
            <a className="btn btn--secondary" href={slotViewHref(earlierOne, documentMode.search)} rel="nofollow">
              {t.earlier}
            </a>
          ) : null}
          {laterOne ? (
            <a className="btn btn--secondary" href={slotViewHref(laterOne, documentMode.search)} rel="nofollow">
              {t.later}
            </a>
          ) : null}
        </nav>
      ) : (
        <div className="slot-picker__paging cluster">
          <button type="button" className="btn btn--secondary" onClick={() => show(earlierOne)} disabled={!earlierOne || query.isFetching}>
            {t.earlier}
          </button>
          <button type="button" className="btn btn--secondary" onClick={() => show(laterOne)} disabled={!laterOne || query.isFetching}>
            {t.later}
          </button>
        </div>
      )}
    </div>
  );
}
