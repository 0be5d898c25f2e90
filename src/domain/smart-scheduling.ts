/**
 * The FHIR resources of our SMART Scheduling Links publication (HL7 hl7.fhir.uv.smart-scheduling-links, STU 1, 1.0.0),
 * shaped from plain rows: a practice is a physical Location; a provider who offers video visits also has a virtual
 * Location (physicalType `vi`, with the states they are licensed in); a provider is a PractitionerRole at those
 * Locations; each provider has a Schedule for in-person times (actors: the practice and the role) and, with video
 * visits, one for video times (actors: the virtual Location and the role), so a video slot's Schedule names a virtual
 * Location. A Slot carries the booking deep link, the phone to book by (a ContactPoint since 1.0.0; it was a string
 * before) and whether it is for new and existing patients or existing ones only, and its times carry the offset of
 * the provider's zone.
 */
import { isoInZone } from './dates';
import { digitsOf } from './phone';

/** Canonical base of the guide's extensions (1.0.0; the pre-HL7 drafts used fhir-registry.smarthealthit.org). */
export const SSL_BASE = 'http://hl7.org/fhir/uv/smart-scheduling-links/StructureDefinition';
export const SSL_EXTENSION = {
  bookingDeepLink: `${SSL_BASE}/booking-deep-link`,
  bookingPhone: `${SSL_BASE}/booking-phone`,
  patientType: `${SSL_BASE}/patient-type`,
  licensedStates: `${SSL_BASE}/licensed-states`,
} as const;
/** The deep link under its original (SMART Health IT registry) address too, for clients written for the first spec. */
export const LEGACY_BOOKING_DEEP_LINK = 'http://fhir-registry.smarthealthit.org/StructureDefinition/booking-deep-link';
export const ACCEPTING_PATIENTS_SYSTEM = 'http://terminology.hl7.org/CodeSystem/accepting-patients';
export const LOCATION_PHYSICAL_TYPE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/location-physical-type';
export const NPI_SYSTEM = 'http://hl7.org/fhir/sid/us-npi';

/** `newpt`: accepting new and existing patients; `existptonly`: existing patients only. */
export type PatientTypeCode = 'newpt' | 'existptonly';
export const patientTypeOf = (acceptingNewPatients: boolean): PatientTypeCode => (acceptingNewPatients ? 'newpt' : 'existptonly');

export const videoLocationId = (providerId: string) => `video-${providerId}`;
export const videoScheduleId = (providerId: string) => `video-${providerId}`;
/**
 * A provider's in-person Schedule at a practice: the provider's id at their own practice; at another practice where they
 * keep hours, both ids without their dashes (64 characters, the longest id FHIR allows).
 */
export const inPersonScheduleId = (providerId: string, practiceId: string, ownPracticeId: string) =>
  practiceId === ownPracticeId ? providerId : `${providerId}${practiceId}`.replace(/-/g, '');

/** Where identifiers of ours live (systems under the publisher's address). */
export interface Publisher {
  publicUrl: string;
}

export interface PracticeRow {
  id: string;
  name: string;
  addressLine1: string;
  city: string;
  state: string;
  zipcode: string;
  latitude: number;
  longitude: number;
}

export interface ProviderRow {
  id: string;
  /** Their own practice. */
  practiceId: string;
  /** Every practice where they see people in person (their own first). */
  inPersonPracticeIds: readonly string[];
  /** "First Last, Title". */
  display: string;
  npi: string | null;
  licensedStates: readonly string[];
  offersVideo: boolean;
  /** The counseling types offered, as codings. */
  services: readonly { system: string; code: string; display: string }[];
}

export interface SlotRow {
  id: string;
  providerId: string;
  practiceId: string;
  providerPracticeId: string;
  start: Date;
  end: Date;
  video: boolean;
  timeZone: string;
  acceptingNewPatients: boolean;
  deepLink: string;
  /** Ten digits. */
  bookingPhone: string;
}

const identifier = (publisher: Publisher, kind: string, value: string) => [{ system: `${publisher.publicUrl}/api/open-times/${kind}`, value }];
const reference = (type: string, id: string, display?: string) => ({ reference: `${type}/${id}`, ...(display ? { display } : {}) });

export function practiceLocation(publisher: Publisher, p: PracticeRow) {
  return {
    resourceType: 'Location' as const,
    id: p.id,
    identifier: identifier(publisher, 'location', p.id),
    status: 'active',
    name: p.name,
    telecom: [{ system: 'url', value: publisher.publicUrl }],
    address: { line: [p.addressLine1], city: p.city, state: p.state.trim(), postalCode: p.zipcode.trim() },
    position: { latitude: p.latitude, longitude: p.longitude },
  };
}

/** A provider's video visits as a virtual Location: no address; the states they may see people in instead. */
export function videoLocation(publisher: Publisher, p: ProviderRow, words: { name: string; description: string }) {
  return {
    resourceType: 'Location' as const,
    id: videoLocationId(p.id),
    identifier: identifier(publisher, 'location', videoLocationId(p.id)),
    status: 'active',
    name: words.name,
    description: words.description,
    mode: 'instance',
    telecom: [{ system: 'url', value: publisher.publicUrl }],
    physicalType: { coding: [{ system: LOCATION_PHYSICAL_TYPE_SYSTEM, code: 'vi', display: 'Virtual' }] },
    extension: [...p.licensedStates].sort().map((state) => ({ url: SSL_EXTENSION.licensedStates, valueString: state.trim() })),
  };
}

export function practitionerRole(publisher: Publisher, p: ProviderRow) {
  return {
    resourceType: 'PractitionerRole' as const,
    id: p.id,
    identifier: [...identifier(publisher, 'practitioner-role', p.id), ...(p.npi ? [{ system: NPI_SYSTEM, value: p.npi.trim() }] : [])],
    active: true,
    practitioner: { display: p.display },
    location: [...p.inPersonPracticeIds.map((id) => reference('Location', id)), ...(p.offersVideo ? [reference('Location', videoLocationId(p.id))] : [])],
  };
}

/** An in-person Schedule at each of the provider's practices, and the video one when they offer video visits. */
export function providerSchedules(p: ProviderRow, practiceName: (id: string) => string, videoName: string) {
  const serviceType = p.services.map((coding) => ({ coding: [coding] }));
  const role = reference('PractitionerRole', p.id, p.display);
  const schedule = (id: string, location: { reference: string; display?: string }) => ({
    resourceType: 'Schedule' as const,
    id,
    active: true,
    serviceType,
    actor: [location, role],
  });
  return [
    ...p.inPersonPracticeIds.map((id) => schedule(inPersonScheduleId(p.id, id, p.practiceId), reference('Location', id, practiceName(id)))),
    ...(p.offersVideo ? [schedule(videoScheduleId(p.id), reference('Location', videoLocationId(p.id), videoName))] : []),
  ];
}

export function publishedSlot(s: SlotRow) {
  return {
    resourceType: 'Slot' as const,
    id: s.id,
    schedule: reference('Schedule', s.video ? videoScheduleId(s.providerId) : inPersonScheduleId(s.providerId, s.practiceId, s.providerPracticeId)),
    status: 'free',
    start: isoInZone(s.start, s.timeZone),
    end: isoInZone(s.end, s.timeZone),
    extension: [
      { url: SSL_EXTENSION.bookingDeepLink, valueUrl: s.deepLink },
      { url: SSL_EXTENSION.bookingPhone, valueContactPoint: { system: 'phone', value: `+1${digitsOf(s.bookingPhone)}` } },
      { url: SSL_EXTENSION.patientType, valueCoding: { system: ACCEPTING_PATIENTS_SYSTEM, code: patientTypeOf(s.acceptingNewPatients) } },
      { url: LEGACY_BOOKING_DEEP_LINK, valueUrl: s.deepLink },
    ],
  };
}
