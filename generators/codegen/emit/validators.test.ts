/**
 * The form validators written ahead of time (src/generated/validators/) judge like validators ajv
 * compiles in the process with the same configuration, and need nothing from ajv at run time.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { formLoaders, type FormId } from '@/generated/forms';
import { compileFormValidators } from './validators';

const samples: unknown[] = [
  {},
  { email: 'not-an-address', otp: '12', firstName: '   ', lastName: '1', dateOfBirth: '1800-01-01', zipcode: 'x' },
  { email: 'jordan.rivera@example.com', otp: '123456', firstName: 'Jordan', lastName: 'Rivera', dateOfBirth: '2999-01-01' },
  { email: 'jordan.rivera@example.com', firstName: 'Jordan', lastName: 'Rivera', dateOfBirth: '1990-05-01', extra: true },
];

type Validate = ((data: unknown) => boolean) & { errors?: { keyword: string; instancePath: string; params: unknown }[] | null };
const verdict = (validate: Validate, data: unknown) => {
  const valid = validate(structuredClone(data));
  return { valid, errors: (validate.errors ?? []).map((e) => ({ keyword: e.keyword, instancePath: e.instancePath, params: e.params })) };
};

describe('precompiled form validators', () => {
  it.each(Object.keys(formLoaders) as FormId[])('%s judges like the in-process compilation', async (id) => {
    const form = await formLoaders[id]();
    const compiled = compileFormValidators(form.schema);
    expect(Object.keys(form.validateFns).sort()).toEqual(Object.keys(compiled).sort());
    for (const key of Object.keys(compiled)) {
      for (const data of samples) expect(verdict(form.validateFns[key] as Validate, data)).toEqual(verdict(compiled[key] as Validate, data));
    }
  });

  it('import only the runtime module, never ajv', () => {
    const dir = join(__dirname, '../../../src/generated/validators');
    for (const file of readdirSync(dir)) {
      const code = readFileSync(join(dir, file), 'utf8');
      expect(code.match(/^import .*$/gm)).toEqual(["import * as runtime from '../../domain/validation/standalone-runtime';"]);
      expect(code).not.toMatch(/require\(|new Function|eval\(/);
    }
  });
});
