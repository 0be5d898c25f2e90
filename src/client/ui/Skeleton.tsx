/** A grey block that holds the place of content still loading. */
import { message } from '@/domain/messages';

export function Skeleton({ width = '100%', height = '1rem', label }: { width?: string; height?: string; label?: string }) {
  return <span className="skeleton" style={{ width, height }} role={label ? 'status' : undefined} aria-label={label} aria-hidden={label ? undefined : true} />;
}

export function PageSkeleton({ label = message('ui.common.loading') }: { label?: string }) {
  return (
    <div className="container section stack" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <Skeleton width="60%" height="2.25rem" />
      <Skeleton height="1rem" />
      <Skeleton width="85%" height="1rem" />
      <Skeleton height="12rem" />
    </div>
  );
}
