/**
 * Relationship availability (product-spec §4): Self is offered only while no other patient is
 * Self (or this one already is); Couples/Marriage Counseling takes Child off the list.
 * Swap for the domain helper's version (src/domain) once it exists.
 */
import type { CounselingType, Relationship } from '../../../generated/enums';

export interface RelationshipContext {
  /** relationships of the booking's other patients */
  otherRelationships?: readonly Relationship[];
  current?: Relationship;
  counselingType?: CounselingType;
}

const SELF: Relationship = 'Self';
const CHILD: Relationship = 'Child';
const COUPLES: CounselingType = 'Couples/Marriage Counseling';

export function availableRelationships(all: readonly Relationship[], ctx: RelationshipContext = {}): Relationship[] {
  const selfTaken = (ctx.otherRelationships ?? []).includes(SELF) && ctx.current !== SELF;
  return all.filter((r) => !(r === SELF && selfTaken) && !(r === CHILD && ctx.counselingType === COUPLES));
}
