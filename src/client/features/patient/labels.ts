/** Words for enumeration values (labels from specs/enums). */
import { enums } from '../../../generated/enums';

export function relationshipLabel(value: string): string {
  return (enums.relationship.labels as Record<string, string>)[value] ?? value;
}
