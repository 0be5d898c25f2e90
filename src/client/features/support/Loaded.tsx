/** A query's data, or its skeleton while it loads, or the page-load error. */
import type { ReactNode } from 'react';
import { PageLoadError } from '@/client/app/PageLoadError';
import { Skeleton } from '@/client/ui/Skeleton';

export function Loaded<T>({ query, rows, children }: { query: { data: T | undefined; isError: boolean }; rows: number; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) return <PageLoadError />;
  return (
    <div className="stack-sm" role="status" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height="4.5rem" />
      ))}
    </div>
  );
}
