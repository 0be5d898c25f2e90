/**
 * Choosing a slot starts a booking (product-spec §2 booking flow). The booking's address is the one
 * carrier of the choice: provider, practice, slot, counseling type, mode, time zone and (while B2B
 * self-booking is on) the partnership code travel in it, through identity verification (returnTo),
 * sign-in, reloads and back/forward; the booking screens fetch the provider and the slot by these ids.
 * The domain rule decides where to go: maintenance while bookings are off, identity verification for
 * a visitor who is not signed in, else the booking page.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { chosenTimeQuery, decideBookingStart } from '../../../domain/booking-start';
import { bookingCounselingType } from '../../../domain/provider-search';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { bookingCleaned } from '../../store/booking/slice';
import { selectAuthStatus } from '../../store/auth/slice';
import { selectSearchQuery } from '../../store/global/slice';
import { useFlagOn } from '../../runtime/flags/useTreatment';
import { bookingStartRoutes } from '../../runtime/navigation/places';
import type { Provider, Slot } from './queries';

export interface BookingStartContext {
  /** counseling types the search asked for */
  searchedCounselingTypes?: readonly string[];
  selfPay?: boolean;
  partnershipCode?: string;
}

export function useStartBooking(): (slot: Slot, provider: Provider, context?: BookingStartContext) => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const authStatus = useAppSelector(selectAuthStatus);
  const keptSearch = useAppSelector(selectSearchQuery);
  const bookingEnabled = useFlagOn('bookings');
  const b2bSelfBookingEnabled = useFlagOn('b2bSelfBooking');

  return useCallback(
    (slot, provider, context = {}) => {
      const offered = provider.filters.filter((f) => f.type === 'counseling_type').map((f) => f.value);
      const counselingType = bookingCounselingType(offered, context.searchedCounselingTypes, slot.isMedication);
      // A new booking starts with nothing of an earlier one (restored from storage, or abandoned).
      dispatch(bookingCleaned({ keepB2bDetails: true }));
      const query = chosenTimeQuery(
        {
          providerId: provider.id,
          practiceId: slot.practiceId ?? provider.practice.id,
          slotId: slot.id,
          counselingType,
          availabilityType: slot.availabilityType,
          tz: provider.timeZone,
          selfPay: context.selfPay,
          partnershipCode: context.partnershipCode ?? keptSearch?.partnershipCode,
        },
        { b2bSelfBookingEnabled },
      );
      const decision = decideBookingStart({ bookingEnabled, userVerified: authStatus === 'authenticated', query }, bookingStartRoutes);
      void navigate(decision.url);
    },
    [dispatch, navigate, authStatus, keptSearch, bookingEnabled, b2bSelfBookingEnabled],
  );
}
