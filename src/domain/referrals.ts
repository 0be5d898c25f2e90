/**
 * Referrals of a client from one provider to another (/care/v1/referrals): the one
 * transition table of their states, how a state reads off the referral task of the one task model
 * (src/domain/tasks.ts), and who may answer. Pure: the server applies a decision through the task
 * service, which checks the version again in the database.
 */
import type { ReferralDecision, ReferralState, TaskStatus } from '../generated/enums';
import type { ErrorName } from '../generated/errors';
import { cleanNote } from './tasks';

/** The moves between referral states: only a pending referral is answered, once. */
export const referralMoves: Readonly<Record<ReferralState, Readonly<Partial<Record<ReferralDecision, ReferralState>>>>> = {
  pending: { accept: 'accepted', decline: 'declined' },
  accepted: {},
  declined: {},
};

/** The referral task's status as a referral state: open (or claimed) is pending, completed accepted, declined or cancelled declined. */
export function referralStateOf(status: TaskStatus): ReferralState {
  if (status === 'completed') return 'accepted';
  if (status === 'declined' || status === 'cancelled') return 'declined';
  return 'pending';
}

/** The task status a referral state is kept as. */
export const taskStatusOfReferral: Readonly<Record<Exclude<ReferralState, 'pending'>, Extract<TaskStatus, 'completed' | 'declined'>>> = {
  accepted: 'completed',
  declined: 'declined',
};

export type ReferralRefusal = Extract<ErrorName, 'TASK_NOT_ALLOWED' | 'TASK_NOTE_REQUIRED' | 'NOT_FOUND'>;

export type ReferralAnswer = { ok: true; to: Exclude<ReferralState, 'pending'>; note: string } | { ok: false; refusal: ReferralRefusal };

/**
 * Whether `answerer` (a provider) may answer a referral made to `receiver` with `decision`: only the
 * receiving provider (anyone else is told it does not exist), only while pending, and a decline only
 * with a reason. An accept without words is noted as accepted, since a resolved task keeps a note.
 */
export function answerReferral(
  referral: { state: ReferralState; toProviderId: string },
  answerer: string,
  decision: ReferralDecision,
  reason: string | null | undefined,
  acceptedNote: string,
): ReferralAnswer {
  if (referral.toProviderId !== answerer) return { ok: false, refusal: 'NOT_FOUND' };
  const to = referralMoves[referral.state][decision];
  if (!to || to === 'pending') return { ok: false, refusal: 'TASK_NOT_ALLOWED' };
  const note = cleanNote(reason);
  if (decision === 'decline' && !note) return { ok: false, refusal: 'TASK_NOTE_REQUIRED' };
  return { ok: true, to, note: note ?? acceptedNote };
}

/** A provider may refer a client to any other provider still in the marketplace, never to themself. */
export function mayReferTo(fromProviderId: string, to: { id: string; removed: boolean } | undefined): boolean {
  return Boolean(to && !to.removed && to.id !== fromProviderId);
}
