/** Gives sagas the router's navigate, and tells the store where the router is (booking clean-up listens). */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../../store/hooks';
import { locationChanged } from '../../store/booking/slice';
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

  return null;
}
