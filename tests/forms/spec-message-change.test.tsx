/**
 * A message changed in specs/ and regenerated is the sentence SpecForm shows, without any code change.
 */
import { parseDocument } from 'yaml';
import type { FormDefinition } from '@/generated/types';
import { messages } from '@/generated/messages';
import { regenerateSpecs, useRegenerated, type RegeneratedSpecs } from '../support/regenerated-specs';

const KEY = 'validation.otp.length';
const CHANGED = 'The code has six digits - please check your e-mail';

let regenerated: RegeneratedSpecs;

beforeAll(async () => {
  regenerated = await regenerateSpecs((copy) =>
    copy.edit('messages/auth.yaml', (text) => {
      const doc = parseDocument(text);
      doc.setIn(['messages', KEY, 'text'], CHANGED);
      return doc.toString();
    }),
  );
});

afterAll(() => regenerated.remove());

it('SpecForm shows the changed message for the rule', async () => {
  expect(messages[KEY]).not.toBe(CHANGED);
  await jest.isolateModulesAsync(async () => {
    useRegenerated(regenerated, ['messages']);
    // React and the testing library load with SpecForm, so the form renders with one React;
    // the pure entry does not add hooks from inside this test.
    const { render, screen, fireEvent, cleanup } = await import('@testing-library/react/pure');
    const { SpecForm } = await import('@/client/runtime/forms/SpecForm');
    const form = ((await import(`${regenerated.dir}/forms/one-time-code.ts`)) as { default: FormDefinition }).default;
    try {
      render(<SpecForm form={form} initialData={{ email: 'jordan.rivera@example.com', otp: '123' }} onSubmit={() => undefined} />);
      fireEvent.submit(screen.getByRole('button', { name: form.submitLabel }).closest('form')!);
      expect(await screen.findByText(CHANGED)).toBeTruthy();
    } finally {
      cleanup();
    }
  });
});
