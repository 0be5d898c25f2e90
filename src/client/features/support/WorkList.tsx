/**
 * A support work list (a queue, the red alerts): what was just done, said politely; the items once
 * loaded (a skeleton before, the page-load error on failure); and what to expect when there are none.
 */
import type { ReactNode } from 'react';
import { Loaded } from './Loaded';

export function WorkList<T>({
  query,
  rows,
  done,
  empty,
  children,
}: {
  query: { data: T[] | undefined; isError: boolean };
  rows: number;
  /** what the last action did, shown until the next */
  done?: string;
  /** what an empty list means for the person */
  empty: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      <div aria-live="polite">
        {done ? (
          <p className="notice notice--success" role="status">
            {done}
          </p>
        ) : null}
      </div>
      <Loaded query={query} rows={rows}>
        {(items) => (items.length ? <ol className="support__list">{items.map(children)}</ol> : <p className="notice">{empty}</p>)}
      </Loaded>
    </>
  );
}
