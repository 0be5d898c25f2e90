/**
 * The words a journey looks for, in the language of the pages it reads: messages through
 * messageIn, content documents through localizedContent, form labels and flow copy through their
 * translation (specs/forms/<id>.<tag>.yaml, specs/flows/<id>.<tag>.yaml), each the default language's
 * where a spec file is not translated yet (as the app shows it), and addresses under the language's prefix.
 */
import type { FormDefinition } from '@/generated/types';
import { translations } from '@/generated/translations';
import { DEFAULT_LOCALE, localizedPath, type Locale } from '@/domain/locale';

type Doc = Record<string, unknown> | undefined;

function at(doc: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), doc);
}

/** The label of a form field ("address.zipcode" for a nested one) as a page in the language shows it. */
export function fieldLabel(form: FormDefinition, field: string, locale: Locale = DEFAULT_LOCALE): string {
  const parts = field.split('.');
  const schemaPath = parts.flatMap((p) => ['properties', p]);
  const titleIn = (doc: unknown) => (at(doc, ['uiSchema', ...parts, 'ui:title']) ?? at(doc, ['schema', ...schemaPath, 'title'])) as string | undefined;
  const translated = locale === DEFAULT_LOCALE ? undefined : titleIn(translations[locale]?.forms[form.id] as Doc);
  const label = translated ?? titleIn(form);
  if (!label) throw new Error(`The form ${form.id} has no field ${field}.`);
  return label;
}

/** A step's copy of a flow (specs/flows) in the language: its translation over the default language's. */
export function flowStepCopy(
  flow: { id: string; steps: readonly { id: string; copy?: unknown }[] },
  stepId: string,
  locale: Locale = DEFAULT_LOCALE,
): Record<string, string> {
  const step = flow.steps.find((s) => s.id === stepId);
  if (!step) throw new Error(`The flow ${flow.id} has no step ${stepId}.`);
  const english = (step.copy ?? {}) as Record<string, string>;
  if (locale === DEFAULT_LOCALE) return english;
  const translatedSteps = at(translations[locale]?.flows[flow.id], ['steps']) as
    { id?: string; copy?: Record<string, string> }[] | Record<string, unknown> | undefined;
  const translated = Array.isArray(translatedSteps) ? translatedSteps.find((s) => s.id === stepId)?.copy : undefined;
  return { ...english, ...(translated ?? {}) };
}

/** A route's path in the language ("/app/providers" → "/es/app/providers"). */
export function pathIn(path: string, locale: Locale = DEFAULT_LOCALE): string {
  return localizedPath(path, locale);
}
