/** Words for enumeration values (labels from specs/enums). */
import { enums } from '@/generated/enums';
import { enumLabel } from '@/domain/labels';

export function relationshipLabel(value: string): string {
  return enumLabel(enums.relationship.labels, value);
}
