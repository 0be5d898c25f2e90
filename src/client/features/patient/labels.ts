/** Words for enumeration values (labels from specs/enums). */
import { enumLabelOf } from '@/domain/translations';

export function relationshipLabel(value: string): string {
  return enumLabelOf('relationship', value);
}
