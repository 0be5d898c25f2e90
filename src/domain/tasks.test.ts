import { canMove, claim, cleanNote, compareTasks, defaultDue, hold, isOverdue, minutesInStage, priorityRank, release, resolve } from './tasks';

const open = { status: 'open' as const, ownerId: null, version: 3 };
const mine = { status: 'in_progress' as const, ownerId: 'me', version: 4 };

describe('task rules', () => {
  it('claims an open task with the version the caller saw, and only then', () => {
    expect(claim(open, 'me', 3)).toEqual({ ok: true, status: 'in_progress', ownerId: 'me', version: 4 });
    expect(claim(open, 'me', 2)).toEqual({ ok: false, refusal: 'TASK_VERSION_CONFLICT' });
    expect(claim(mine, 'you', 4)).toEqual({ ok: false, refusal: 'TASK_ALREADY_CLAIMED' });
    expect(claim({ status: 'completed', ownerId: 'me', version: 5 }, 'you', 5)).toEqual({ ok: false, refusal: 'TASK_NOT_ALLOWED' });
  });

  it('two people who saw the same version: the second finds the task taken', () => {
    const first = claim(open, 'a', 3);
    expect(first.ok).toBe(true);
    const after = first.ok ? { status: first.status, ownerId: first.ownerId, version: first.version } : open;
    expect(claim(after, 'b', 3)).toEqual({ ok: false, refusal: 'TASK_ALREADY_CLAIMED' });
  });

  it('only the owner releases, holds or resumes', () => {
    expect(release(mine, 'me', 4)).toEqual({ ok: true, status: 'open', ownerId: null, version: 5 });
    expect(release(mine, 'you', 4)).toEqual({ ok: false, refusal: 'TASK_NOT_ALLOWED' });
    expect(release(open, 'me', 3)).toEqual({ ok: false, refusal: 'TASK_NOT_ALLOWED' });
    expect(hold(mine, 'me', 4, true)).toEqual({ ok: true, status: 'on_hold', ownerId: 'me', version: 5 });
    expect(hold({ ...mine, status: 'on_hold' }, 'me', 4, false)).toMatchObject({ ok: true, status: 'in_progress' });
    expect(hold(mine, 'you', 4, true)).toEqual({ ok: false, refusal: 'TASK_NOT_ALLOWED' });
    expect(hold(mine, 'me', 3, true)).toEqual({ ok: false, refusal: 'TASK_VERSION_CONFLICT' });
  });

  it('resolving needs a note; a resolved task changes no more', () => {
    expect(resolve(mine, 'me', 4, 'completed', '  ')).toEqual({ ok: false, refusal: 'TASK_NOTE_REQUIRED' });
    expect(resolve(mine, 'me', 4, 'completed', undefined)).toEqual({ ok: false, refusal: 'TASK_NOTE_REQUIRED' });
    expect(resolve(mine, 'me', 4, 'declined', 'Not licensed there')).toEqual({ ok: true, status: 'declined', ownerId: 'me', version: 5 });
    expect(resolve(open, 'me', 3, 'completed', 'Called back')).toEqual({ ok: true, status: 'completed', ownerId: 'me', version: 4 });
    expect(resolve(mine, 'you', 4, 'completed', 'x')).toEqual({ ok: false, refusal: 'TASK_ALREADY_CLAIMED' });
    expect(resolve({ status: 'cancelled', ownerId: 'me', version: 9 }, 'me', 9, 'completed', 'x')).toEqual({ ok: false, refusal: 'TASK_NOT_ALLOWED' });
    for (const to of ['open', 'in_progress', 'on_hold', 'completed'] as const) expect(canMove('completed', to)).toBe(false);
  });

  it('cleans notes: trimmed, empty is none, bounded', () => {
    expect(cleanNote(' done ')).toBe('done');
    expect(cleanNote('')).toBeNull();
    expect(cleanNote(null)).toBeNull();
    expect(cleanNote('x'.repeat(5000))).toHaveLength(2000);
  });

  it('orders priorities routine < urgent < asap < stat and derives due times from them', () => {
    expect(['stat', 'routine', 'asap', 'urgent'].sort((a, b) => priorityRank(a as never) - priorityRank(b as never))).toEqual([
      'routine',
      'urgent',
      'asap',
      'stat',
    ]);
    const at = new Date('2026-03-08T06:00:00Z');
    expect(defaultDue(at, 'stat').toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(defaultDue(at, 'routine').toISOString()).toBe('2026-03-11T06:00:00.000Z');
  });

  it('is overdue only while unresolved and past due; the stage clock counts whole minutes', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(isOverdue({ status: 'open', dueAt: '2026-01-01T11:59:00Z' }, now)).toBe(true);
    expect(isOverdue({ status: 'completed', dueAt: '2026-01-01T11:59:00Z' }, now)).toBe(false);
    expect(isOverdue({ status: 'open', dueAt: null }, now)).toBe(false);
    expect(minutesInStage('2026-01-01T10:30:30Z', now)).toBe(89);
    expect(minutesInStage('2026-01-01T13:00:00Z', now)).toBe(0);
  });

  it('queues unresolved first, then by priority, due time and age', () => {
    const t = (status: string, priority: string, dueAt: string | null, createdAt: string) =>
      ({ status, priority, dueAt, createdAt }) as Parameters<typeof compareTasks>[0];
    const list = [
      t('completed', 'stat', null, '2026-01-01T00:00:00Z'),
      t('open', 'routine', '2026-01-02T00:00:00Z', '2026-01-01T00:00:00Z'),
      t('open', 'urgent', null, '2026-01-01T00:00:00Z'),
      t('open', 'routine', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
      t('open', 'routine', null, '2025-12-01T00:00:00Z'),
      t('open', 'routine', null, '2025-11-01T00:00:00Z'),
    ];
    expect(list.sort(compareTasks).map((x) => `${x.status}/${x.priority}/${x.dueAt ?? '-'}/${x.createdAt.slice(0, 7)}`)).toEqual([
      'open/urgent/-/2026-01',
      'open/routine/2026-01-01T00:00:00Z/2026-01',
      'open/routine/2026-01-02T00:00:00Z/2026-01',
      'open/routine/-/2025-11',
      'open/routine/-/2025-12',
      'completed/stat/-/2026-01',
    ]);
  });
});
