import { preparedQuery, qb, sql, type Param, type RowOf } from './typed';

/** What a query sends: its text and parameters. */
const sent = (query: { compile(): { sql: string; parameters: readonly unknown[] } }) => {
  const { sql: text, parameters } = query.compile();
  return { text, parameters: [...parameters] };
};

describe('preparedQuery', () => {
  const sessionQuery = (id: string, userId: string) =>
    qb.selectFrom('auth_sessions').select(['id', 'scope']).where('id', '=', id).where('scope', '=', 'booking').where('user_id', '=', userId).limit(5);
  const preparedSession = preparedQuery((p: Param<{ id: string; userId: string }>) =>
    qb.selectFrom('auth_sessions').select(['id', 'scope']).where('id', '=', p('id')).where('scope', '=', 'booking').where('user_id', '=', p('userId')).limit(5),
  );

  it('sends the text and parameters a per-call build sends, constants kept in their places', () => {
    expect(sent(preparedSession({ id: 's1', userId: 'u1' }))).toEqual(sent(sessionQuery('s1', 'u1')));
    expect(sent(preparedSession({ id: 's1', userId: 'u1' })).parameters).toEqual(['s1', 'booking', 'u1', 5]);
  });

  it('binds each call its own values (the compiled template is not changed by a call)', () => {
    const first = preparedSession({ id: 'a', userId: 'b' });
    const second = preparedSession({ id: 'c', userId: 'd' });
    expect(sent(first).parameters).toEqual(['a', 'booking', 'b', 5]);
    expect(sent(second).parameters).toEqual(['c', 'booking', 'd', 5]);
    expect(sent(first).parameters).toEqual(['a', 'booking', 'b', 5]);
  });

  it('fills every place of a parameter used twice, also in the sql template and a CTE', () => {
    const perCall = (at: string, id: string) =>
      qb
        .with('s', (db) => db.selectFrom('auth_sessions').select('id').where('id', '=', id))
        .selectFrom('s')
        .select(sql<boolean>`${at}::timestamptz > ${at}::timestamptz - interval '1 minute'`.as('later'))
        .where('s.id', '=', id);
    const prepared = preparedQuery((p: Param<{ at: string; id: string }>) => {
      const id = p('id');
      return qb
        .with('s', (db) => db.selectFrom('auth_sessions').select('id').where('id', '=', id))
        .selectFrom('s')
        .select(sql<boolean>`${p('at')}::timestamptz > ${p('at')}::timestamptz - interval '1 minute'`.as('later'))
        .where('s.id', '=', id);
    });
    const values = { at: '2026-11-29T10:00:00.000Z', id: 'x' };
    expect(sent(prepared(values))).toEqual(sent(perCall(values.at, values.id)));
    expect(sent(prepared(values)).parameters).toEqual(['x', values.at, values.at, 'x']);
  });

  it('sends an array as one parameter, as the sql template and an insert do per call', () => {
    const perCall = (groups: string[], ids: string[]) =>
      qb
        .updateTable('auth_sessions')
        .set({ groups })
        .where(sql<boolean>`id = any(${ids}::uuid[])`);
    const prepared = preparedQuery((p: Param<{ groups: string[]; ids: string[] }>) =>
      qb
        .updateTable('auth_sessions')
        .set({ groups: p('groups') })
        .where(sql<boolean>`id = any(${p('ids')}::uuid[])`),
    );
    const values = { groups: ['patient', 'staff'], ids: ['a', 'b', 'c'] };
    expect(sent(prepared(values))).toEqual(sent(perCall(values.groups, values.ids)));
    expect(sent(prepared(values)).parameters).toEqual([
      ['patient', 'staff'],
      ['a', 'b', 'c'],
    ]);
    expect(sent(prepared({ groups: [], ids: [] })).parameters).toEqual([[], []]);
  });

  it('sends null where a nullable value is null, with the same text as a non-null one', () => {
    const perCall = (actor: string | null, status: number | null) =>
      qb.insertInto('audit_log').values({ action: 'x', outcome: 'success', actor_id: actor, status, actor_groups: [] }).returning('id');
    const prepared = preparedQuery((p: Param<{ actor: string | null; status: number | null }>) =>
      qb
        .insertInto('audit_log')
        .values({ action: 'x', outcome: 'success', actor_id: p('actor'), status: p('status'), actor_groups: [] })
        .returning('id'),
    );
    expect(sent(prepared({ actor: null, status: null }))).toEqual(sent(perCall(null, null)));
    expect(sent(prepared({ actor: null, status: 201 }))).toEqual(sent(perCall(null, 201)));
    expect(sent(prepared({ actor: null, status: null })).parameters).toEqual(['x', 'success', null, null, []]);
  });

  it('keeps the row type and checks the parameters’ types', () => {
    const row: RowOf<ReturnType<typeof preparedSession>> = { id: 'i', scope: null };
    expect(row.scope).toBeNull();
    // @ts-expect-error: id is a string
    expect(() => preparedSession({ id: 1, userId: 'u' })).not.toThrow();
    // @ts-expect-error: userId is missing
    expect(() => preparedSession({ id: 's' })).not.toThrow();
    // @ts-expect-error: a parameter the query does not declare
    preparedQuery((p: Param<{ id: string }>) => qb.selectFrom('auth_sessions').select('id').where('id', '=', p('other')));
    // @ts-expect-error: a parameter of the wrong type for the column
    preparedQuery((p: Param<{ at: number }>) => qb.selectFrom('auth_sessions').select('id').where('user_id', '=', p('at')));
  });

  it('refuses a parameter that compiles to no $n rather than leaving it out', () => {
    const lost = preparedQuery((p: Param<{ id: string }>) => {
      p('id');
      return qb.selectFrom('auth_sessions').select('id');
    });
    expect(() => lost({ id: 'x' }).compile()).toThrow('parameter(s) id did not compile to a $n');
  });
});
