/**
 * The SMART Scheduling Links resources as src/domain/smart-scheduling.ts shapes them, and the conformance checks of
 * tests/support/smart-scheduling-links.ts: a small publication passes, and each rule of the guide, broken, is named.
 */
import {
  inPersonScheduleId,
  practiceLocation,
  practitionerRole,
  providerSchedules,
  publishedSlot,
  SSL_EXTENSION,
  videoLocation,
  videoScheduleId,
  type ProviderRow,
  type SlotRow,
} from '@/domain/smart-scheduling';
import { conformanceProblems, type Publication } from '@tests/support/smart-scheduling-links';

const base = 'https://care.example.org';
const publisher = { publicUrl: base };
const practice = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Elm Street Counseling',
  addressLine1: '1 Elm St',
  city: 'Austin',
  state: 'TX ',
  zipcode: '78701',
  latitude: 30.27,
  longitude: -97.74,
};
const otherPractice = { ...practice, id: '33333333-3333-4333-8333-333333333333', name: 'Oak Street Counseling' };
const provider: ProviderRow = {
  id: '22222222-2222-4222-8222-222222222222',
  practiceId: practice.id,
  inPersonPracticeIds: [practice.id, otherPractice.id],
  display: 'Ana Ruiz, LCSW',
  npi: '1234567893',
  licensedStates: ['TX', 'CA'],
  offersVideo: true,
  services: [{ system: `${base}/api/open-times/counseling-type`, code: 'Individual Counseling', display: 'Individual Counseling' }],
};
const slotRow = (over: Partial<SlotRow> = {}): SlotRow => ({
  id: '44444444-4444-4444-8444-444444444444',
  providerId: provider.id,
  practiceId: practice.id,
  providerPracticeId: practice.id,
  // 09:00 in Chicago the day after the 2027 spring change.
  start: new Date('2027-03-15T14:00:00Z'),
  end: new Date('2027-03-15T15:00:00Z'),
  video: true,
  timeZone: 'America/Chicago',
  acceptingNewPatients: true,
  deepLink: `${base}/app/booking?slotId=4444`,
  bookingPhone: '8885550145',
  ...over,
});

type Json = Record<string, unknown>;
const ndjson = (resources: object[]) => resources.map((r) => JSON.stringify(r)).join('\n') + '\n';

function publication(change: (files: { locations: Json[]; roles: Json[]; schedules: Json[]; slots: Json[] }) => void = () => {}): Publication {
  const files = {
    locations: [
      practiceLocation(publisher, practice),
      practiceLocation(publisher, otherPractice),
      videoLocation(publisher, provider, { name: 'Ana Ruiz - video visits', description: 'Video' }),
    ] as Json[],
    roles: [practitionerRole(publisher, provider)] as Json[],
    schedules: providerSchedules(provider, (id) => (id === practice.id ? practice.name : otherPractice.name), 'Ana Ruiz - video visits') as Json[],
    slots: [
      publishedSlot(slotRow()),
      publishedSlot(slotRow({ id: '55555555-5555-4555-8555-555555555555', video: false, practiceId: otherPractice.id, acceptingNewPatients: false })),
    ] as Json[],
  };
  change(files);
  const url = (name: string) => `${base}/api/open-times/${name}.ndjson`;
  return {
    manifest: {
      transactionTime: '2027-03-01T12:00:00.000Z',
      request: `${base}/api/$bulk-publish`,
      output: [
        { type: 'Location', url: url('locations') },
        { type: 'PractitionerRole', url: url('practitioner-roles') },
        { type: 'Schedule', url: url('schedules') },
        { type: 'Slot', url: url('slots') },
      ],
      error: [],
    },
    files: {
      [url('locations')]: ndjson(files.locations),
      [url('practitioner-roles')]: ndjson(files.roles),
      [url('schedules')]: ndjson(files.schedules),
      [url('slots')]: ndjson(files.slots),
    },
  };
}

describe('SMART Scheduling Links resources', () => {
  // Compiling the FHIR R4 schema takes several seconds of CPU: once, with room for a busy machine.
  beforeAll(() => {
    conformanceProblems(publication());
  }, 180_000);

  it('conform to the guide and the FHIR R4 schema', () => {
    expect(conformanceProblems(publication())).toEqual([]);
  });

  it('put a video slot on the video schedule, whose Location is virtual, and an in-person one on its practice’s', () => {
    const [video, inPerson] = [publishedSlot(slotRow()), publishedSlot(slotRow({ video: false, practiceId: otherPractice.id }))];
    expect(video.schedule.reference).toBe(`Schedule/${videoScheduleId(provider.id)}`);
    expect(inPerson.schedule.reference).toBe(`Schedule/${inPersonScheduleId(provider.id, otherPractice.id, practice.id)}`);
    expect(inPersonScheduleId(provider.id, practice.id, practice.id)).toBe(provider.id);
    expect(inPersonScheduleId(provider.id, otherPractice.id, practice.id)).toHaveLength(64);
    const schedules = providerSchedules(provider, () => 'x', 'video');
    expect(schedules.find((s) => s.id === videoScheduleId(provider.id))!.actor[0]!.reference).toBe(`Location/video-${provider.id}`);
    expect(providerSchedules({ ...provider, offersVideo: false }, () => 'x', 'video').map((s) => s.id)).not.toContain(videoScheduleId(provider.id));
  });

  it('write times with the provider zone’s offset, the phone as a ContactPoint and who may book', () => {
    const slot = publishedSlot(slotRow());
    expect([slot.start, slot.end]).toEqual(['2027-03-15T09:00:00.000-05:00', '2027-03-15T10:00:00.000-05:00']);
    const ext = (url: string, s = slot) => s.extension.find((e) => e.url === url) as Record<string, unknown>;
    expect(ext(SSL_EXTENSION.bookingPhone).valueContactPoint).toEqual({ system: 'phone', value: '+18885550145' });
    expect(ext(SSL_EXTENSION.patientType).valueCoding).toMatchObject({ code: 'newpt' });
    expect(ext(SSL_EXTENSION.patientType, publishedSlot(slotRow({ acceptingNewPatients: false }))).valueCoding).toMatchObject({ code: 'existptonly' });
  });

  describe('the checks name each broken rule', () => {
    const broken: [string, Parameters<typeof publication>[0], RegExp][] = [
      ['a time without an offset', (f) => (f.slots[0]!.start = '2027-03-15T09:00:00'), /start is not a timestamp with an offset/],
      ['a slot ending before it starts', (f) => (f.slots[0]!.end = '2027-03-15T08:00:00.000-05:00'), /does not end after it starts/],
      ['a slot on a schedule not published', (f) => (f.slots[0]!.schedule = { reference: 'Schedule/nowhere' }), /schedule Schedule\/nowhere is not published/],
      ['a schedule naming a role not published', (f) => (f.roles = []), /actor PractitionerRole\/.* is not published/],
      ['a role at a Location not published', (f) => (f.locations = f.locations.slice(0, 2)), /names a Location not published/],
      [
        'the booking phone as the ballot’s string',
        (f) => ((f.slots[0]!.extension as Json[])[1] = { url: SSL_EXTENSION.bookingPhone, valueString: '+18885550145' }),
        /booking-phone is not a phone ContactPoint/,
      ],
      [
        'a patient type outside accepting-patients',
        (f) => ((f.slots[0]!.extension as Json[])[2] = { url: SSL_EXTENSION.patientType, valueCoding: { system: 'x', code: 'new' } }),
        /patient-type is not an accepting-patients coding/,
      ],
      ['a virtual Location without licensed states', (f) => delete f.locations[2]!.extension, /is virtual without licensed-states/],
      ['a physical Location without an address', (f) => delete f.locations[0]!.address, /is physical without an address/],
      ['a Location without telecom', (f) => (f.locations[0]!.telecom = []), /needs telecom/],
      ['a shape the FHIR schema refuses', (f) => (f.slots[0]!.status = 42), /Slot\/.*\/status/],
      ['an id FHIR does not allow', (f) => (f.slots[0]!.id = 'a'.repeat(65)), /has no valid id/],
      ['a resource twice', (f) => f.slots.push(f.slots[0]!), /is published twice/],
      // A provider with no counseling type: the publisher writes the default one (publish.ts); an empty one is refused.
      ['a Schedule with no serviceType', (f) => (f.schedules[0]!.serviceType = []), /has no serviceType/],
      ['a Schedule whose serviceType is empty', (f) => (f.schedules[0]!.serviceType = [{ coding: [] }]), /has an empty serviceType/],
      [
        'a Schedule whose serviceType has no code',
        (f) => (f.schedules[0]!.serviceType = [{ coding: [{ system: 'https://x.example/type', code: '', display: '' }] }]),
        /has an empty serviceType/,
      ],
    ];
    it.each(broken)('%s', (_, change, problem) => {
      expect(conformanceProblems(publication(change)).join('\n')).toMatch(problem);
    });

    it('reads a file of pretty-printed JSON or of something else as broken, and a manifest without its parts', () => {
      const p = publication();
      const slots = Object.keys(p.files).find((u) => u.endsWith('slots.ndjson'))!;
      p.files[slots] = JSON.stringify({ resourceType: 'Slot' }, null, 2);
      expect(conformanceProblems(p).join('\n')).toMatch(/not JSON/);
      expect(conformanceProblems({ manifest: { ...p.manifest, transactionTime: '2027-03-01', request: '/api/x' }, files: {} })).toEqual(
        expect.arrayContaining(['manifest transactionTime is not a timestamp', 'manifest request is not the full URL of $bulk-publish']),
      );
    });
  });
});
