/**
 * "Who looked at my record": how an audit row's actor is named to the account holder.
 * The rule is in specs/constants/record-access.yaml: the holder's own acts read "you"; staff are named by
 * the role they acted in (the first of recordAccessRoleOrder among the groups the row kept) and their first
 * name, or the first recordAccessStaffIdLength characters of their staff id when no first name is on file;
 * another patient is never named; a row with no actor (a refused caller with no session, or the system) names nobody.
 */
import * as recordAccessConstants from '../generated/constants/record-access';
import type { PermissionGroup, RecordAct, RecordActor } from '../generated/enums';

export interface AuditActor {
  /** the account that acted, when one was signed in */
  actorId: string | null;
  /** the permission groups the actor held when the row was written */
  groups: readonly string[];
  /** the acting account's kind today (null when the account no longer exists) */
  userType: string | null;
  firstName: string | null;
}

export interface NamedActor {
  actor: RecordActor;
  role: PermissionGroup | null;
  name: string | null;
}

const roleOrder: readonly string[] = recordAccessConstants.recordAccessRoleOrder;

/** The role a staff member acted in: the most specific of their groups, or none when they held no staff group. */
export function staffRole(groups: readonly string[]): PermissionGroup | null {
  return (roleOrder.find((role) => groups.includes(role)) as PermissionGroup | undefined) ?? null;
}

/** Who acted, as the account holder reads it. */
export function whoActed(row: AuditActor, accountId: string): NamedActor {
  if (row.actorId === null) return { actor: 'nobody', role: null, name: null };
  if (row.actorId === accountId) return { actor: 'you', role: null, name: null };
  const role = staffRole(row.groups);
  if (role === null && (row.userType === 'patient' || row.userType === null)) return { actor: 'patient', role: null, name: null };
  const firstName = row.firstName?.trim();
  return { actor: 'staff', role, name: firstName || row.actorId.slice(0, recordAccessConstants.recordAccessStaffIdLength) };
}

/** Read or change: a GET of the API reads; any other call, and a change the server records of its own (a task's), changes. */
export function actOf(method: string | undefined): RecordAct {
  return method === 'GET' ? 'viewed' : 'changed';
}
