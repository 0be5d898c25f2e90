/** What a dashboard screen shows while its data loads, when it is not the caller's, and when loading failed. */
import type { ReactNode } from 'react';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { PageLoadError } from '@/client/app/PageLoadError';
import { Button, ButtonLink } from '@/client/ui/Button';
import { Skeleton } from '@/client/ui/Skeleton';
import { isNotFound } from './data';

/** Blocks of the size of what is coming, so nothing jumps when it arrives. */
export function ListSkeleton({ rows = 3, height = '5.5rem' }: { rows?: number; height?: string }) {
  return (
    <div className="stack-sm" role="status" aria-live="polite">
      <span className="visually-hidden">{message('ui.patient.loading')}</span>
      {Array.from({ length: rows }, (_v, i) => (
        <Skeleton key={i} height={height} />
      ))}
    </div>
  );
}

/** The API answered 404: the record does not exist or is another account's; say so, and where to go. */
export function NotFoundState() {
  return (
    <div className="item stack-sm" role="alert">
      <h2>{message('ui.patient.notFound.heading')}</h2>
      <p>{message('ui.patient.notFound.text')}</p>
      <ButtonLink to={routeById.patientHome.path} variant="secondary">
        {message('ui.patient.notFound.back')}
      </ButtonLink>
    </div>
  );
}

export function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  if (isNotFound(error)) return <NotFoundState />;
  return (
    <div className="stack-sm">
      <PageLoadError />
      <div className="cluster" style={{ justifyContent: 'center' }}>
        <Button variant="secondary" onClick={retry}>
          {message('ui.patient.retry')}
        </Button>
      </div>
    </div>
  );
}

/** Renders a query's data, or its loading, not-found or failed state. */
export function Loaded<T>({
  query,
  skeleton = <ListSkeleton />,
  children,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  skeleton?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) return <LoadFailed error={query.error} retry={() => void query.refetch()} />;
  return <>{skeleton}</>;
}
