/**
 * Choosing a slot starts a booking (product-spec §2 booking flow): the slot and provider go to the
 * booking store, and the domain rule decides where to go - maintenance while bookings are off,
 * identity verification (returning to the booking) for a visitor who is not signed in, else the
 * booking page - with the start and booking queries.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { bookingQuery, bookingStartQuery, decideBookingStart } from '../../../domain/booking-start';
import { bookingCounselingType } from '../../../domain/provider-search';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { bookingSelectionUpdated, bookingStarted } from '../../store/booking/slice';
import { selectAuthStatus } from '../../store/auth/slice';
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
  const bookingEnabled = useFlagOn('bookings');
  const b2bSelfBookingEnabled = useFlagOn('b2bSelfBooking');

  return useCallback(
    (slot, provider, context = {}) => {
      const offered = provider.filters.filter((f) => f.type === 'counseling_type').map((f) => f.value);
      const counselingType = bookingCounselingType(offered, context.searchedCounselingTypes, slot.isMedication);
      const { filters: _filters, ...details } = provider;
      dispatch(
        bookingStarted({
          selectedSlot: { ...slot, provider: details },
          providerDetails: details,
          filters: { slotAvailabilityTypes: [slot.availabilityType] },
        }),
      );
      dispatch(bookingSelectionUpdated({ providerId: provider.id, counselingType, appointmentMode: slot.availabilityType }));
      const query = {
        ...bookingStartQuery({ counselingType, availabilityType: slot.availabilityType, partnershipCode: context.partnershipCode }, { b2bSelfBookingEnabled }),
        ...bookingQuery({ tz: provider.timeZone, slotId: slot.id, selfPay: context.selfPay }),
      };
      const decision = decideBookingStart({ bookingEnabled, userVerified: authStatus === 'authenticated', query }, bookingStartRoutes);
      void navigate(decision.url);
    },
    [dispatch, navigate, authStatus, bookingEnabled, b2bSelfBookingEnabled],
  );
}
