/** Record and update entities derived from an entity's x-record (Patient): one field added to the entity reaches both and the server's column list. */
import { copySpecs, type SpecCopy } from '@tests/support/spec-copy';
import { specProblems } from '@tests/support/spec-problems';
import { loadSpecs } from './load';
import { emitRecords } from './records';
import { sharedSchemas } from './emit/structure';

let copy: SpecCopy;
beforeEach(() => {
  copy = copySpecs();
});
afterEach(() => copy.remove());

const addMiddleName = (stored: string, editable: string) => {
  copy.edit('entities/Patient.yaml', (t) =>
    t
      .replace('  relationship:\n', '  middleName:\n    type: string\n    title: Middle name\n    maxLength: 40\n  relationship:\n')
      .replace('stored: [ehrId,', `stored: [${stored}ehrId,`)
      .replace('editable: [firstName,', `editable: [${editable}firstName,`),
  );
  copy.edit('entities/Patient.es.yaml', (t) => `${t}  middleName: { title: Segundo nombre }\n`);
};

describe('x-record', () => {
  it('makes a field the entity stores and lets change a nullable field of the record, a field of the update and a column', () => {
    addMiddleName('middleName, ', 'middleName, ');
    const b = loadSpecs(copy.dir);
    const shared = sharedSchemas(b);
    expect(shared.PatientRecord!.properties).toMatchObject({ middleName: { type: ['string', 'null'], title: 'Middle name' } });
    expect((shared.PatientRecord!.properties as Record<string, object>).middleName).not.toHaveProperty('maxLength');
    expect(shared.PatientUpdate!.properties).toMatchObject({ middleName: { type: 'string', maxLength: 40 } });
    expect(shared.Patient).not.toHaveProperty('x-record');
    expect(emitRecords(b)).toMatch(/middleName: \{\n\s+column: 'middle_name',\n\s+read: 'text',/);
  });

  it('leaves a field the entity does not list out of the record and the update', () => {
    addMiddleName('', '');
    const shared = sharedSchemas(loadSpecs(copy.dir));
    expect(shared.PatientRecord!.properties).not.toHaveProperty('middleName');
    expect(shared.PatientUpdate!.properties).not.toHaveProperty('middleName');
  });

  it('reports a name in stored or editable that is not a field of the entity', () => {
    copy.edit('entities/Patient.yaml', (t) => t.replace('editable: [firstName,', 'editable: [nickname, firstName,'));
    expect(specProblems(copy.dir)).toMatch(/Patient\.yaml:\d+\s+at \/x-record: names nickname, not fields of Patient/);
  });
});
