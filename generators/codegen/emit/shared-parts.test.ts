/**
 * api.ts names a schema part the specs repeat and writes it once; the module it writes holds the same values.
 */
import { shareRepeatedParts } from './shared-parts';

const patient = {
  type: 'object',
  required: ['firstName'],
  properties: { firstName: { type: 'string', minLength: 1, maxLength: 50, title: 'First name', description: 'As on the card' } },
};

/** Runs the written declarations and a value, as the generated module would. */
function evaluate(declarations: string, written: string): unknown {
  const js = declarations.replace(/: (JsonSchema|readonly unknown\[\]) =/g, ' =');
  return new Function(`${js}\nreturn ${written};`)() as unknown;
}

describe('schema parts written once', () => {
  it('names a part used in two places once, and both places name it', () => {
    const parts = shareRepeatedParts({
      'createPatient body': { properties: { patient, note: { type: 'string' } } },
      'updatePatient body': { properties: { patient } },
    });
    expect(parts.declarations.match(/^const /gm)).toHaveLength(1);
    expect(parts.declarations).toMatch(/^const patientField: JsonSchema = /);
    expect(parts.write({ properties: { patient } }, 0)).toBe('{ properties: { patient: patientField } }');
  });

  it('leaves a part used once where it is', () => {
    const parts = shareRepeatedParts({ 'createPatient body': { properties: { patient } } });
    expect(parts.declarations).toBe('');
    expect(parts.write({ properties: { patient } }, 0)).toContain("firstName: { type: 'string'");
  });

  it('declares a part before the larger part that names it, and the values read back the same', () => {
    const address = {
      type: 'object',
      properties: { line1: { type: 'string', minLength: 1, maxLength: 255, title: 'Address line 1' }, city: { type: 'string', title: 'City' } },
    };
    const billing = { type: 'object', properties: { address, holder: { type: 'string', minLength: 1, maxLength: 255, title: 'Card holder' } } };
    const roots = {
      a: { properties: { billing } },
      b: { properties: { billing, id: { type: 'string' } } },
      c: { properties: { home: address } },
      d: { list: { items: address } },
    };
    const parts = shareRepeatedParts(roots);
    const names = [...parts.declarations.matchAll(/^const (\w+)/gm)].map((m) => m[1]);
    expect(names).toEqual(['addressField', 'billingField']);
    for (const root of Object.values(roots)) expect(evaluate(parts.declarations, parts.write(root, 0))).toEqual(root);
  });

  it('never names a part with a word JavaScript keeps', () => {
    const value = { type: 'string', enum: ['a-rather-long-value', 'another-rather-long-value', 'and-a-third-rather-long-value', 'and-more'] };
    const parts = shareRepeatedParts({ x: { properties: { default: value } }, y: { properties: { default: value, other: {} } } });
    expect(parts.declarations).toMatch(/^const default\w+: JsonSchema = /);
  });

  it('writes a node that fits the print width on one line and a longer one across lines', () => {
    const parts = shareRepeatedParts({});
    expect(parts.write({ type: 'string', format: 'uuid' }, 1)).toBe("{ type: 'string', format: 'uuid' }");
    expect(parts.write({ description: 'x'.repeat(200), type: 'string' }, 1).split('\n')).toHaveLength(4);
  });
});
