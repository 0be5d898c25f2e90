import { fhirSchemaErrors } from '@tests/support/fhir-schema';
import { buildRecordBundle, exportSections, fhirInvoice, resourceCounts, type RecordExportInput } from './record-export';

const words: RecordExportInput['words'] = {
  title: 'Mi historia clínica',
  author: 'Mindful Care',
  sectionTitles: Object.fromEntries(exportSections.map((s) => [s, `Sección ${s}`])) as RecordExportInput['words']['sectionTitles'],
  sectionLines: Object.fromEntries(exportSections.map((s) => [s, [`Línea de ${s} <con> & símbolos`]])) as RecordExportInput['words']['sectionLines'],
  notIncludedTitle: 'No incluido',
  notIncluded: 'Las notas de psicoterapia no forman parte de esta exportación (45 CFR 164.501).',
};

function input(): RecordExportInput {
  return {
    exportId: 'e1',
    generatedAt: '2026-11-29T12:00:00Z',
    language: 'es',
    baseUrl: 'https://care.example',
    patients: [
      { id: 'p1', firstName: 'Sofía', lastName: 'Núñez', dateOfBirth: '1990-02-03', gender: 'female', email: 'sofia@example.com', phone: null, ehrId: null },
      { id: 'p2', firstName: 'Mateo', lastName: 'Núñez', dateOfBirth: '2014-05-06', gender: null, email: null, phone: null, ehrId: null },
    ],
    practitioners: [{ id: 'd1', firstName: 'Inés', lastName: 'Ortiz', title: 'LCSW', npi: '1234567893', practiceId: 'l1', specialties: ['Ansiedad'] }],
    practices: [{ id: 'l1', name: 'Columbus', city: 'Columbus', state: 'OH' }],
    appointments: [
      {
        id: 'a1',
        status: 'cancelled',
        start: '2026-11-02T15:00:00Z',
        end: '2026-11-02T16:00:00Z',
        mode: 'online',
        providerId: 'd1',
        practiceId: 'l1',
        patientIds: ['p1'],
        cancelReason: 'patient',
        history: [
          { status: 'booked', at: '2026-10-20T10:00:00Z', note: null },
          { status: 'cancelled', at: '2026-10-30T10:00:00Z', note: 'patient' },
        ],
      },
      {
        id: 'a2',
        status: 'booked',
        start: '2026-11-09T15:00:00Z',
        end: '2026-11-09T16:00:00Z',
        mode: 'in_person',
        providerId: 'd1',
        practiceId: 'l1',
        patientIds: ['p1'],
        cancelReason: null,
        history: [],
      },
    ],
    coverages: [{ id: 'c1', patientId: 'p1', carrierName: 'Aetna', planName: 'PPO', memberId: 'W123', active: true }],
    consents: [
      {
        id: 'k1',
        patientId: 'p1',
        type: 'telehealth',
        version: 'v2',
        signedAt: '2026-10-20T10:00:00Z',
        createdAt: '2026-10-20T10:00:00Z',
        appointmentId: 'a1',
      },
    ],
    measures: [
      {
        id: 'm1',
        patientId: 'p1',
        instrument: 'phq9',
        questions: ['Poco interés'],
        answers: [1, 1, 1, 1, 1, 1, 1, 1, 0],
        total: 8,
        bandLabel: 'Leve',
        completedAt: '2026-11-01T10:00:00Z',
      },
      {
        id: 'm2',
        patientId: 'p1',
        instrument: 'gad7',
        questions: [],
        answers: [2, 2, 2, 2, 2, 2, 2],
        total: 14,
        bandLabel: 'Moderada',
        completedAt: '2026-11-01T10:05:00Z',
      },
    ],
    messages: [
      {
        id: 'x1',
        threadId: 't1',
        subject: 'Horario',
        sender: { kind: 'Patient', id: 'p1', display: 'Sofía Núñez' },
        recipients: [{ kind: 'Practitioner', id: 'd1', display: 'Inés Ortiz' }],
        body: '¿Podemos cambiar la hora?',
        sentAt: '2026-11-03T10:00:00Z',
      },
    ],
    payments: [
      {
        id: 'y1',
        patientId: 'p1',
        appointmentId: 'a1',
        status: 'succeeded',
        purpose: 'session',
        purposeLabel: 'Sesión',
        amountCents: 12000,
        refundedCents: 0,
        currency: 'USD',
        createdAt: '2026-10-20T10:00:00Z',
      },
    ],
    words,
  };
}

describe('the record export bundle', () => {
  // Compiling the whole FHIR R4 schema (several MB) takes seconds on a busy machine.
  jest.setTimeout(180_000);

  it('holds every part of the record, each resource valid against the FHIR R4 schema', () => {
    const bundle = buildRecordBundle(input());
    expect(resourceCounts(bundle)).toEqual({
      Composition: 1,
      Patient: 2,
      Practitioner: 1,
      PractitionerRole: 1,
      Location: 1,
      Appointment: 2,
      Coverage: 1,
      Consent: 1,
      QuestionnaireResponse: 2,
      Observation: 2,
      Communication: 1,
      Invoice: 1,
    });
    expect(fhirSchemaErrors(bundle)).toEqual([]);
    expect(bundle.entry?.[0]?.resource?.resourceType).toBe('Composition');
    expect(bundle.entry?.every((e) => e.fullUrl === `https://care.example/fhir/${e.resource!.resourceType}/${e.resource!.id}`)).toBe(true);
  });

  it('fails the schema check when a resource is not FHIR (the check can fail)', () => {
    const bundle = buildRecordBundle(input());
    const broken = { ...bundle, entry: [...bundle.entry!, { resource: { resourceType: 'Patient', gender: 'sometimes' } }] };
    expect(fhirSchemaErrors(broken as typeof bundle).length).toBeGreaterThan(0);
  });

  it('codes the scores with LOINC and links each to its answers', () => {
    const observations = buildRecordBundle(input()).entry!.flatMap((e) => (e.resource?.resourceType === 'Observation' ? [e.resource] : []));
    expect(observations.map((o) => [o.code.coding?.[0]?.system, o.code.coding?.[0]?.code, o.valueInteger, o.derivedFrom?.[0]?.reference])).toEqual([
      ['http://loinc.org', '44261-6', 8, 'QuestionnaireResponse/m1'],
      ['http://loinc.org', '69737-5', 14, 'QuestionnaireResponse/m2'],
    ]);
  });

  it('keeps what happened to each appointment', () => {
    const [cancelled] = buildRecordBundle(input()).entry!.flatMap((e) => (e.resource?.resourceType === 'Appointment' ? [e.resource] : []));
    expect(cancelled?.status).toBe('cancelled');
    expect(cancelled?.extension?.map((x) => x.extension?.map((part) => part.valueCode ?? part.valueDateTime ?? part.valueString))).toEqual([
      ['booked', '2026-10-20T10:00:00Z'],
      ['cancelled', '2026-10-30T10:00:00Z', 'patient'],
    ]);
  });

  it('says in the reader’s language that psychotherapy notes are not part of it, and escapes the narrative', () => {
    const composition = buildRecordBundle(input()).entry![0]!.resource;
    if (composition?.resourceType !== 'Composition') throw new Error('no Composition first');
    expect(composition.language).toBe('es');
    const last = composition.section!.at(-1)!;
    expect(last.title).toBe('No incluido');
    expect(last.text?.div).toContain('Las notas de psicoterapia no forman parte de esta exportación (45 CFR 164.501).');
    expect(composition.section![0]!.text?.div).toContain('Línea de patients &lt;con&gt; &amp; símbolos');
    expect(composition.section!.slice(0, -1).map((s) => s.entry?.length ?? 0)).toEqual([2, 3, 2, 1, 1, 4, 1, 1]);
  });

  it('marks a payment balanced when paid, cancelled when it failed or all went back', () => {
    const paid = input().payments[0]!;
    expect(fhirInvoice(paid).status).toBe('balanced');
    expect(fhirInvoice({ ...paid, status: 'partially_refunded', refundedCents: 2000 }).totalNet).toEqual({ value: 100, currency: 'USD' });
    expect(fhirInvoice({ ...paid, status: 'refunded', refundedCents: 12000 }).status).toBe('cancelled');
    expect(fhirInvoice({ ...paid, status: 'failed' }).status).toBe('cancelled');
  });

  it('builds an empty section with a reason when a part of the record has nothing', () => {
    const composition = buildRecordBundle({ ...input(), messages: [] }).entry![0]!.resource;
    if (composition?.resourceType !== 'Composition') throw new Error('no Composition first');
    expect(composition.section![6]).toMatchObject({ title: 'Sección messages', emptyReason: { text: '—' } });
  });
});
