/** A spec form's words as a person reads them (specs/forms/<id>.yaml), for tests that find its fields by their labels. */
import type { FormDefinition } from '@/generated/types';

interface Node {
  title?: string;
  properties?: Record<string, Node>;
}

/** The spec title of a field of a form ("number", "address.zipcode"): the field's label in the default language. */
export function specFieldTitle(form: FormDefinition, path: string): string {
  let node: Node | undefined = form.schema as Node;
  for (const part of path.split('.')) node = node?.properties?.[part];
  if (!node?.title) throw new Error(`${form.id} has no field ${path}`);
  return node.title;
}

/** The form's submit button's words. */
export function specSubmitLabel(form: FormDefinition): string {
  if (!form.submitLabel) throw new Error(`${form.id} has no submitLabel`);
  return form.submitLabel;
}
