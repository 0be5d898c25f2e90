/**
 * Conformance checks for a SMART Scheduling Links publication (HL7 hl7.fhir.uv.smart-scheduling-links, STU 1, 1.0.0),
 * written from the guide: its specification page (manifest, timestamps, files of minified JSON objects, Location,
 * PractitionerRole, Schedule and Slot files) and its profiles and extensions (smart-scheduling-location and the
 * virtual location, smart-scheduling-schedule, smart-scheduling-slot, booking-deep-link, booking-phone, patient-type,
 * licensed-states). The resources' shapes are checked against the FHIR R4 JSON schema too (tests/support/fhir-schema.ts).
 * Each problem is one sentence naming the resource; an empty list is a conforming publication.
 */
import { fhirSchemaErrors } from './fhir-schema';

export const SSL = 'http://hl7.org/fhir/uv/smart-scheduling-links/StructureDefinition';
const ACCEPTING_PATIENTS = 'http://terminology.hl7.org/CodeSystem/accepting-patients';
const PHYSICAL_TYPE = 'http://terminology.hl7.org/CodeSystem/location-physical-type';

export type Resource = Record<string, unknown> & { resourceType: string; id: string };
export interface Manifest {
  transactionTime?: unknown;
  request?: unknown;
  output?: unknown;
  error?: unknown;
}
/** The publication as read: the manifest and each output file's text by its URL. */
export interface Publication {
  manifest: Manifest;
  files: Record<string, string>;
}

/** "Timestamps": to the second at least, always with an offset (Z allowed): FHIR's instant. */
const TIMESTAMP = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]((0\d|1[0-3]):[0-5]\d|14:00))$/;
/** Resource ids: up to 64 letters, digits, `-` and `.`. */
const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;
const PUBLISHED_TYPES = ['Location', 'PractitionerRole', 'Schedule', 'Slot', 'Practitioner', 'HealthcareService'];
const SLOT_STATUS = ['free', 'busy', 'busy-tentative', 'busy-unavailable'];
const PATIENT_TYPES = ['nopt', 'newpt', 'existptonly', 'existptfam'];

const isAbsoluteUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value);
const nonEmpty = (value: unknown) => typeof value === 'string' && value.trim() !== '';
type Extension = Record<string, unknown> & { url?: string };
const extensionsOf = (r: Record<string, unknown>) => (Array.isArray(r.extension) ? (r.extension as Extension[]) : []);
const valueKeys = (e: Extension) => Object.keys(e).filter((k) => k.startsWith('value'));

export const isVirtual = (location: Resource) =>
  ((location.physicalType as { coding?: { system?: string; code?: string }[] } | undefined)?.coding ?? []).some(
    (c) => c.system === PHYSICAL_TYPE && c.code === 'vi',
  );

/** The resources of one NDJSON file, with a problem for each line that is not one minified JSON object. */
export function readNdjson(name: string, text: string, problems: string[] = []): Resource[] {
  const resources: Resource[] = [];
  text
    .split('\n')
    .filter((line, i, lines) => line !== '' || i < lines.length - 1)
    .forEach((line, i) => {
      try {
        const parsed = JSON.parse(line) as Resource;
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) problems.push(`${name} line ${i + 1} is not a JSON object`);
        else if (JSON.stringify(parsed) !== line) problems.push(`${name} line ${i + 1} is not minified JSON`);
        else resources.push(parsed);
      } catch {
        problems.push(`${name} line ${i + 1} is not JSON`);
      }
    });
  return resources;
}

function manifestProblems(manifest: Manifest): string[] {
  const problems: string[] = [];
  if (typeof manifest.transactionTime !== 'string' || !TIMESTAMP.test(manifest.transactionTime)) problems.push('manifest transactionTime is not a timestamp');
  if (!isAbsoluteUrl(manifest.request) || !String(manifest.request).endsWith('$bulk-publish'))
    problems.push('manifest request is not the full URL of $bulk-publish');
  if (!Array.isArray(manifest.error)) problems.push('manifest error is not an array');
  if (!Array.isArray(manifest.output)) return [...problems, 'manifest output is not an array'];
  for (const [i, o] of (manifest.output as Record<string, unknown>[]).entries()) {
    if (!PUBLISHED_TYPES.includes(String(o.type))) problems.push(`manifest output ${i} has type ${String(o.type)}`);
    if (!isAbsoluteUrl(o.url)) problems.push(`manifest output ${i} url is not a full URL`);
  }
  return problems;
}

function locationProblems(l: Resource): string[] {
  const problems: string[] = [];
  const name = `Location/${l.id}`;
  if (!nonEmpty(l.name)) problems.push(`${name} has no name`);
  const telecom = Array.isArray(l.telecom) ? (l.telecom as Record<string, unknown>[]) : [];
  if (!telecom.length || telecom.some((t) => !nonEmpty(t.system) || !nonEmpty(t.value))) problems.push(`${name} needs telecom with system and value`);
  const position = l.position as { latitude?: unknown; longitude?: unknown } | undefined;
  if (position && (typeof position.latitude !== 'number' || typeof position.longitude !== 'number'))
    problems.push(`${name} position lacks latitude or longitude`);
  if (isVirtual(l)) {
    const states = extensionsOf(l).filter((e) => e.url === `${SSL}/licensed-states`);
    if (!states.length) problems.push(`${name} is virtual without licensed-states`);
    if (states.some((e) => !nonEmpty(e.valueString) || valueKeys(e).length !== 1)) problems.push(`${name} licensed-states is not one valueString`);
    return problems;
  }
  const address = l.address as { line?: unknown[]; city?: unknown; state?: unknown; postalCode?: unknown } | undefined;
  if (!address) return [...problems, `${name} is physical without an address`];
  if (!Array.isArray(address.line) || !address.line.length || !address.line.every(nonEmpty)) problems.push(`${name} address has no line`);
  for (const part of ['city', 'state', 'postalCode'] as const) if (!nonEmpty(address[part])) problems.push(`${name} address has no ${part}`);
  return problems;
}

function slotProblems(s: Resource): string[] {
  const problems: string[] = [];
  const name = `Slot/${s.id}`;
  if (!SLOT_STATUS.includes(String(s.status))) problems.push(`${name} status ${String(s.status)} is not a slot status`);
  for (const at of ['start', 'end'] as const)
    if (typeof s[at] !== 'string' || !TIMESTAMP.test(s[at] as string)) problems.push(`${name} ${at} is not a timestamp with an offset`);
  if (!(Date.parse(String(s.end)) > Date.parse(String(s.start)))) problems.push(`${name} does not end after it starts`);
  const byUrl = (url: string) => extensionsOf(s).filter((e) => e.url === url);
  const deepLinks = byUrl(`${SSL}/booking-deep-link`);
  if (deepLinks.length > 1) problems.push(`${name} has more than one booking-deep-link`);
  if (deepLinks.some((e) => !isAbsoluteUrl(e.valueUrl) || valueKeys(e).length !== 1)) problems.push(`${name} booking-deep-link is not one valueUrl`);
  const phones = byUrl(`${SSL}/booking-phone`);
  if (phones.length > 1) problems.push(`${name} has more than one booking-phone`);
  for (const e of phones) {
    const point = e.valueContactPoint as { system?: unknown; value?: unknown } | undefined;
    // 1.0.0 made the booking phone a ContactPoint whose system is phone (the ballot and the first spec had valueString).
    if (valueKeys(e).length !== 1 || !point || point.system !== 'phone' || !nonEmpty(point.value))
      problems.push(`${name} booking-phone is not a phone ContactPoint`);
  }
  const types = byUrl(`${SSL}/patient-type`);
  if (types.length > 1) problems.push(`${name} has more than one patient-type`);
  for (const e of types) {
    const coding = e.valueCoding as { system?: unknown; code?: unknown } | undefined;
    if (valueKeys(e).length !== 1 || coding?.system !== ACCEPTING_PATIENTS || !PATIENT_TYPES.includes(String(coding?.code))) {
      problems.push(`${name} patient-type is not an accepting-patients coding`);
    }
  }
  return problems;
}

/** Every problem the guide's rules and the FHIR R4 schema find in a publication. */
export function conformanceProblems(publication: Publication): string[] {
  const problems = manifestProblems(publication.manifest);
  const byType = new Map<string, Resource[]>();
  for (const o of Array.isArray(publication.manifest.output) ? (publication.manifest.output as { type: string; url: string }[]) : []) {
    const text = publication.files[o.url];
    if (text === undefined) {
      problems.push(`file ${o.url} was not read`);
      continue;
    }
    for (const r of readNdjson(o.url, text, problems)) {
      if (r.resourceType !== o.type) problems.push(`${o.url} holds a ${String(r.resourceType)} in a ${o.type} file`);
      byType.set(r.resourceType, [...(byType.get(r.resourceType) ?? []), r]);
    }
  }
  const ids = new Map<string, Set<string>>();
  for (const [type, resources] of byType) {
    const seen = new Set<string>();
    for (const r of resources) {
      if (typeof r.id !== 'string' || !FHIR_ID.test(r.id)) problems.push(`${type}/${String(r.id)} has no valid id`);
      else if (seen.has(r.id)) problems.push(`${type}/${r.id} is published twice`);
      seen.add(r.id);
      for (const e of fhirSchemaErrors(r)) problems.push(`${type}/${r.id}${e.instancePath} ${e.message ?? 'does not match the FHIR R4 schema'}`);
    }
    ids.set(type, seen);
  }
  const resolves = (ref: unknown, types: readonly string[]) => {
    const [type, id, ...rest] = String((ref as { reference?: unknown } | undefined)?.reference ?? '').split('/');
    return rest.length === 0 && types.includes(type ?? '') && ids.get(type ?? '')?.has(id ?? '') === true;
  };
  for (const l of byType.get('Location') ?? []) problems.push(...locationProblems(l));
  for (const role of byType.get('PractitionerRole') ?? []) {
    for (const l of (role.location as unknown[] | undefined) ?? [])
      if (!resolves(l, ['Location'])) problems.push(`PractitionerRole/${role.id} names a Location not published`);
    for (const i of (role.identifier as { system?: string; value?: string }[] | undefined) ?? []) {
      if (i.system === 'http://hl7.org/fhir/sid/us-npi' && !/^\d{10}$/.test(i.value ?? '')) problems.push(`PractitionerRole/${role.id} NPI is not ten digits`);
    }
  }
  for (const s of byType.get('Schedule') ?? []) {
    const actors = Array.isArray(s.actor) ? s.actor : [];
    if (!actors.length) problems.push(`Schedule/${s.id} has no actor`);
    for (const a of actors)
      if (!resolves(a, ['Location', 'PractitionerRole', 'Practitioner', 'HealthcareService']))
        problems.push(`Schedule/${s.id} actor ${String((a as { reference?: string }).reference)} is not published`);
    if (!Array.isArray(s.serviceType) || !s.serviceType.length) problems.push(`Schedule/${s.id} has no serviceType`);
    // Each serviceType a concept a reader can match: a coding with a system, a code and words (never empty).
    for (const t of Array.isArray(s.serviceType) ? (s.serviceType as { coding?: { system?: string; code?: string; display?: string }[] }[]) : []) {
      const codings = t?.coding ?? [];
      if (!codings.length || codings.some((c) => !c.system || !c.code?.trim() || !c.display?.trim()))
        problems.push(`Schedule/${s.id} has an empty serviceType`);
    }
  }
  for (const s of byType.get('Slot') ?? []) {
    if (!resolves(s.schedule, ['Schedule']))
      problems.push(`Slot/${s.id} schedule ${String((s.schedule as { reference?: string } | undefined)?.reference)} is not published`);
    problems.push(...slotProblems(s));
  }
  return problems;
}
