/**
 * Starting a booking (product-spec §2 "Booking flow"): where the visitor goes, and the query strings
 * that travel with them. Route paths come in as arguments (from the generated route table), so the
 * rule stays pure. A query carries only the values that are present: null, undefined, blank text
 * and empty lists are left out; false is a value.
 *
 * The address of a booking is the one carrier of what was chosen (provider, practice, slot, counseling
 * type, mode, time zone, partnership code): a person may reload, bookmark or come back to it, and the
 * booking screens derive the rest (the provider and the slot) from the API by these ids.
 */
import type { AppointmentMode, CounselingType } from '../generated/enums';
import * as careEnums from '../generated/enums/care';
import { isOneOf } from './provider-search';

export interface BookingStartRoutes {
  bookings: string;
  verifyUser: string;
  underMaintenance: string;
}

export type QueryValues = Readonly<Record<string, string>>;

export interface BookingStartSelection {
  counselingType?: string | null;
  availabilityType?: AppointmentMode | null;
  partnershipCode?: string | null;
}

export interface BookingStartQuery {
  counselingType?: string;
  availabilityType?: AppointmentMode;
  partnershipCode?: string;
}

export interface BookingQueryFields {
  tz?: string | null;
  insuranceId?: string | number | null;
  insurancePlan?: string | null;
  selfPay?: boolean | null;
  userId?: string | number | null;
  /** Patient ids; they travel comma-separated. */
  patients?: readonly (string | number)[] | null;
  leadId?: string | number | null;
  slotId?: string | number | null;
}

/** Who and where: not in the spec'd queries, but a booking cannot be resumed without them. */
export interface BookingPlace {
  providerId?: string | null;
  practiceId?: string | null;
}

export const BOOKING_PLACE_PARAMS = ['providerId', 'practiceId'] as const;

/** Everything choosing a time hands to the booking (the search or profile it came from adds selfPay and the partnership code). */
export interface ChosenTime extends BookingPlace, BookingStartSelection {
  slotId: string;
  /** the zone the times are shown in */
  tz?: string | null;
  selfPay?: boolean | null;
}

export interface BookingStartState {
  /** false when the flag for bookings disabled (maintenance) is on */
  bookingEnabled: boolean;
  userVerified: boolean;
  query: QueryValues;
}

export type BookingStartDecision =
  { kind: 'maintenance'; url: string } | { kind: 'booking'; url: string } | { kind: 'verifyUser'; url: string; returnTo: string };

const LIST_SEPARATOR = ',';

function presentText(value: string | number | boolean | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value);
  return text.trim() === '' ? undefined : text;
}

/** The entries whose values are present, as text. */
function presentEntries(values: Readonly<Record<string, string | number | boolean | null | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    const text = presentText(value);
    if (text !== undefined) out[name] = text;
  }
  return out;
}

/** The query kept when a booking starts; the partnership code only while B2B self-booking is on. */
export function bookingStartQuery(selection: BookingStartSelection, flags: { b2bSelfBookingEnabled: boolean }): BookingStartQuery {
  return presentEntries({
    counselingType: selection.counselingType,
    availabilityType: selection.availabilityType,
    partnershipCode: flags.b2bSelfBookingEnabled ? selection.partnershipCode : undefined,
  }) as BookingStartQuery;
}

export function bookingPlaceQuery(place: BookingPlace): QueryValues {
  return presentEntries({ providerId: place.providerId, practiceId: place.practiceId });
}

export function readBookingPlace(search: string | URLSearchParams): BookingPlace {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return Object.fromEntries(
    BOOKING_PLACE_PARAMS.map((name) => [name, presentText(params.get(name))]).filter(([, value]) => value !== undefined),
  ) as BookingPlace;
}

/** The whole query of a chosen time: place, start query and booking query, each value only when present. */
export function chosenTimeQuery(choice: ChosenTime, flags: { b2bSelfBookingEnabled: boolean }): QueryValues {
  return {
    ...bookingPlaceQuery(choice),
    ...(bookingStartQuery(choice, flags) as QueryValues),
    ...bookingQuery({ tz: choice.tz, slotId: choice.slotId, selfPay: choice.selfPay }),
  };
}

export function bookingQuery(fields: BookingQueryFields): QueryValues {
  const patients = fields.patients?.map(String).filter((id) => id.trim() !== '');
  return presentEntries({ ...fields, patients: patients?.length ? patients.join(LIST_SEPARATOR) : undefined });
}

/** Reads the start query back; values that are not of their enumeration are left out. */
export function readBookingStartQuery(search: string | URLSearchParams): {
  counselingType?: CounselingType;
  availabilityType?: AppointmentMode;
  partnershipCode?: string;
} {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const counselingType = params.get('counselingType');
  const availabilityType = params.get('availabilityType');
  return presentEntries({
    counselingType: isOneOf(careEnums.counselingType.values, counselingType) ? counselingType : undefined,
    availabilityType: isOneOf(careEnums.appointmentMode.values, availabilityType) ? availabilityType : undefined,
    partnershipCode: params.get('partnershipCode'),
  }) as { counselingType?: CounselingType; availabilityType?: AppointmentMode; partnershipCode?: string };
}

/** Reads a booking query back from a search string ("?tz=...") or URLSearchParams. */
export function readBookingQuery(search: string | URLSearchParams): BookingQueryFields {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const text = (name: keyof BookingQueryFields) => presentText(params.get(name));
  const selfPay = text('selfPay');
  const patients = text('patients')
    ?.split(LIST_SEPARATOR)
    .filter((id) => id.trim() !== '');
  const fields: BookingQueryFields = {
    tz: text('tz'),
    insuranceId: text('insuranceId'),
    insurancePlan: text('insurancePlan'),
    selfPay: selfPay === undefined ? undefined : selfPay === String(true),
    userId: text('userId'),
    patients: patients?.length ? patients : undefined,
    leadId: text('leadId'),
    slotId: text('slotId'),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as BookingQueryFields;
}

/** A path with a query string (none when the query is empty). */
export function withQuery(path: string, query: QueryValues): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Maintenance while bookings are disabled; the booking page with the query for a verified user;
 * otherwise identity verification, which returns to the booking page with showSuccessModal=true.
 */
export function decideBookingStart(state: BookingStartState, routes: BookingStartRoutes): BookingStartDecision {
  if (!state.bookingEnabled) return { kind: 'maintenance', url: routes.underMaintenance };
  if (state.userVerified) return { kind: 'booking', url: withQuery(routes.bookings, state.query) };
  const returnTo = withQuery(routes.bookings, { ...state.query, showSuccessModal: String(true) });
  return { kind: 'verifyUser', url: withQuery(routes.verifyUser, { returnTo }), returnTo };
}
