/** /bookings/new: starts a booking as the domain rule decides (maintenance, booking, or verify first). */
import { Navigate, useSearchParams } from 'react-router';
import { PageSkeleton } from '@/client/ui/Skeleton';
import { useAppSelector } from '@/client/store/hooks';
import { selectAuth } from '@/client/store/auth/slice';
import { useFlagOn } from '@/client/runtime/flags/useTreatment';
import { decideStart } from './start';

export default function NewBookingPage() {
  const [search] = useSearchParams();
  const auth = useAppSelector(selectAuth);
  const bookingEnabled = useFlagOn('bookings');
  const b2bSelfBookingEnabled = useFlagOn('b2bSelfBooking');
  if (auth.status === 'loading') return <PageSkeleton />;
  const decision = decideStart(search, { bookingEnabled, userVerified: auth.status === 'authenticated', b2bSelfBookingEnabled });
  return <Navigate to={decision.url} replace />;
}
