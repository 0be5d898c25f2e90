/** Words for enumeration values (labels from specs/enums). */
import { enumLabelOf } from '@/domain/translations';
import * as peopleEnums from '@/generated/enums/people';

export function relationshipLabel(value: string): string {
  return enumLabelOf(peopleEnums.relationship, value);
}
