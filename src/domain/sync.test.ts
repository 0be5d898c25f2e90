import { describeAnswer, fhirAppointment, fhirGender, fhirPatient, nextAttemptAt, retryDelaySeconds } from './sync';

describe('sync outbox rules', () => {
  it('waits base, then twice as long each time, up to the longest wait', () => {
    expect([1, 2, 3, 4].map((a) => retryDelaySeconds(a, 30, 3600))).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20, 30, 3600)).toBe(3600);
    expect(retryDelaySeconds(200, 30, 3600)).toBe(3600);
    expect(retryDelaySeconds(0, 30, 3600)).toBe(0);
  });

  it('gives the next try’s time until the tries are spent', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const limits = { attempts: 3, baseSeconds: 30, maxSeconds: 3600 };
    expect(nextAttemptAt(now, 1, limits)?.toISOString()).toBe('2026-11-24T12:00:30.000Z');
    expect(nextAttemptAt(now, 2, limits)?.toISOString()).toBe('2026-11-24T12:01:00.000Z');
    expect(nextAttemptAt(now, 3, limits)).toBeNull();
    expect(nextAttemptAt(now, 1, { ...limits, attempts: 1 })).toBeNull();
  });

  it('says an answer in plain words, never longer than the audit keeps', () => {
    expect(describeAnswer({ status: 500, statusText: 'Internal Server Error', issue: 'exception' })).toBe(
      'HTTP 500 Internal Server Error (server error): exception',
    );
    expect(describeAnswer({ status: 422 })).toBe('HTTP 422 (refused)');
    expect(describeAnswer({ status: 201, statusText: 'Created' })).toBe('HTTP 201 Created (accepted)');
    expect(describeAnswer({ error: 'ECONNREFUSED' })).toBe("No answer from the practice's system (ECONNREFUSED)");
    expect(describeAnswer({ status: 500, issue: 'x'.repeat(1000) }).length).toBe(500);
  });

  it('builds FHIR R4 resources carrying the outbox version', () => {
    const p = fhirPatient(
      { id: 'p1', firstName: 'Jordan', lastName: 'Rivera', dateOfBirth: '1988-07-14', gender: 'Female', email: null, phone: '6145550101', ehrId: 'P12' },
      3,
    );
    expect(p).toEqual({
      resourceType: 'Patient',
      id: 'p1',
      meta: { versionId: '3' },
      identifier: [{ system: 'urn:mindfulcare:ehr-id', value: 'P12' }],
      name: [{ family: 'Rivera', given: ['Jordan'] }],
      gender: 'female',
      birthDate: '1988-07-14',
      telecom: [{ system: 'phone', value: '6145550101' }],
    });
    expect(fhirGender(null)).toBe('unknown');
    expect(fhirGender('Non-binary')).toBe('other');
    const a = fhirAppointment(
      {
        id: 'a1',
        status: 'cancelled',
        start: 's',
        end: 'e',
        mode: 'online',
        providerId: 'pr',
        practiceId: 'pc',
        patientIds: ['p1', 'p2'],
        cancelReason: 'practice',
      },
      1,
    );
    expect(a).toMatchObject({ status: 'cancelled', cancelationReason: { text: 'practice' } });
    expect((a.participant as { actor: { reference: string } }[]).map((x) => x.actor.reference)).toEqual([
      'Patient/p1',
      'Patient/p2',
      'Practitioner/pr',
      'Location/pc',
    ]);
  });
});
