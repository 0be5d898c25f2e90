import { enums } from '@/generated/enums';
import { answerReferral, mayReferTo, referralMoves, referralStateOf, taskStatusOfReferral } from './referrals';

const pending = { state: 'pending' as const, toProviderId: 'receiver' };

describe('referral states', () => {
  it('has a row in the transition table for every state of the spec, and answered states move no more', () => {
    expect(Object.keys(referralMoves).sort()).toEqual([...enums.referralState.values].sort());
    expect(referralMoves.accepted).toEqual({});
    expect(referralMoves.declined).toEqual({});
  });

  it('reads the state off the referral task', () => {
    expect(referralStateOf('open')).toBe('pending');
    expect(referralStateOf('in_progress')).toBe('pending');
    expect(referralStateOf('completed')).toBe('accepted');
    expect(referralStateOf('declined')).toBe('declined');
    expect(referralStateOf('cancelled')).toBe('declined');
    expect(referralStateOf(taskStatusOfReferral.accepted)).toBe('accepted');
    expect(referralStateOf(taskStatusOfReferral.declined)).toBe('declined');
  });
});

describe('answering a referral', () => {
  it('the receiving provider accepts, with or without words', () => {
    expect(answerReferral(pending, 'receiver', 'accept', '', 'Accepted')).toEqual({ ok: true, to: 'accepted', note: 'Accepted' });
    expect(answerReferral(pending, 'receiver', 'accept', ' Happy to see them ', 'Accepted')).toEqual({ ok: true, to: 'accepted', note: 'Happy to see them' });
  });

  it('a decline needs a reason that is more than spaces', () => {
    expect(answerReferral(pending, 'receiver', 'decline', '   ', 'Accepted')).toEqual({ ok: false, refusal: 'TASK_NOTE_REQUIRED' });
    expect(answerReferral(pending, 'receiver', 'decline', undefined, 'Accepted')).toEqual({ ok: false, refusal: 'TASK_NOTE_REQUIRED' });
    expect(answerReferral(pending, 'receiver', 'decline', 'Caseload full', 'Accepted')).toEqual({ ok: true, to: 'declined', note: 'Caseload full' });
  });

  it('nobody but the receiving provider may answer, and they are told it does not exist', () => {
    expect(answerReferral(pending, 'referrer', 'accept', '', 'Accepted')).toEqual({ ok: false, refusal: 'NOT_FOUND' });
  });

  it('an answered referral is answered for good', () => {
    expect(answerReferral({ ...pending, state: 'accepted' }, 'receiver', 'decline', 'Changed my mind', 'Accepted')).toEqual({
      ok: false,
      refusal: 'TASK_NOT_ALLOWED',
    });
    expect(answerReferral({ ...pending, state: 'declined' }, 'receiver', 'accept', '', 'Accepted')).toEqual({ ok: false, refusal: 'TASK_NOT_ALLOWED' });
  });
});

describe('who a client may be referred to', () => {
  it('another provider still in the marketplace, never oneself', () => {
    expect(mayReferTo('me', { id: 'you', removed: false })).toBe(true);
    expect(mayReferTo('me', { id: 'me', removed: false })).toBe(false);
    expect(mayReferTo('me', { id: 'you', removed: true })).toBe(false);
    expect(mayReferTo('me', undefined)).toBe(false);
  });
});
