import { useEffect } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { realtimeSubscribed, realtimeUnsubscribed } from './realtimeSlice';

/** Keeps the real-time connection open while the calling screen is mounted (and `enabled`). */
export function useRealtimeConnection(enabled = true): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!enabled) return;
    dispatch(realtimeSubscribed());
    return () => {
      dispatch(realtimeUnsubscribed());
    };
  }, [enabled, dispatch]);
}
