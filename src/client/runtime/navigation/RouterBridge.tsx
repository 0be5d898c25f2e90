/**
 * Gives sagas the router's navigate, tells the store where the router is (booking clean-up listens),
 * and moves focus to the new page's heading after a client-side page change (the one place that does).
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '@/client/store/hooks';
import { locationChanged } from '@/client/store/booking/slice';
import { focusPageHeading } from './focus-heading';
import { registerNavigator } from './navigator';

export function RouterBridge() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();

  useEffect(() => {
    registerNavigator((path, options) => void navigate(path, options));
    return () => registerNavigator(undefined);
  }, [navigate]);

  useEffect(() => {
    dispatch(locationChanged({ pathname }));
  }, [pathname, dispatch]);

  // The first page is the one the browser loaded (focus starts at its top); later ones are changes.
  const firstPath = useRef(true);
  useEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return undefined;
    }
    return focusPageHeading();
  }, [pathname]);

  return null;
}
