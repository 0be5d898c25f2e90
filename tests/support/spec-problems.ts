/** The problems the spec loader reports for a folder of specs, as the message people read. */
import { loadSpecs } from '../../generators/codegen/load';
import { SpecError } from '../../generators/codegen/problems';

export function specProblems(dir: string): string {
  try {
    loadSpecs(dir);
  } catch (err) {
    if (err instanceof SpecError) return err.message;
    throw err;
  }
  throw new Error('expected the specs to be rejected');
}
