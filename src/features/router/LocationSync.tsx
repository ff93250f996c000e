import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { locationChanged } from '../../store/events';
import { useAppDispatch, useAppSelector, useAppStore } from '../../store/hooks';
import { isReplaying } from '../qa';
import { hrefOf, mirrorOf, sameLocation } from './location';
import { selectLocation } from './routerSlice';

/**
 * Keeps the router and the store's mirror of it in step (mounted once, inside the router):
 * - a location change is reported as `router/locationChanged` (unless the store already holds it:
 *   a `router/navigationRequested` put it there first);
 * - while the QA panel shows a replayed state, the replayed location drives the router (and that
 *   move is not reported: the replayed state already holds it, and nothing is recorded during a
 *   replay); leaving the replay takes the page back to the app's own location;
 * - the router's navigate is lent to the store, for the router feature's listener.
 * Layout effects: the store catches up before the browser paints the first frame of a new page.
 */
export function LocationSync() {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const mirrored = useAppSelector(selectLocation);
  const replaying = useAppSelector(isReplaying);
  // The latest navigate. The app's router is declarative (BrowserRouter), whose navigate is a new
  // function after every change of pathname: nothing below may re-run for that alone, or a tester
  // browsing during a replay would be pulled straight back to the replayed location.
  const navigateRef = useRef(navigate);
  // Where the router is, or was last sent from here: the router moves in a transition, which may
  // not have committed yet when the next replayed step arrives.
  const target = useRef(mirrorOf(location));
  const wasReplaying = useRef(replaying);

  useLayoutEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  useLayoutEffect(() => store.navigator.attach((to, options) => navigateRef.current(to, options)), [store]);

  useLayoutEffect(() => {
    const here = mirrorOf(location);
    target.current = here;
    const state = store.getState();
    if (isReplaying(state)) return;
    // The router catching up with a move the store asked for while the store has moved on (typing
    // in the search box faster than the frames): not a move back to report.
    if (store.navigator.arrived(hrefOf(here))) return;
    if (!sameLocation(here, selectLocation(state))) dispatch(locationChanged(here));
  }, [location, store, dispatch]);

  // Only when the replayed state changes (a step shown, the replay left): a tester may still
  // browse during a replay without being pulled back.
  useLayoutEffect(() => {
    const drive = replaying || wasReplaying.current;
    wasReplaying.current = replaying;
    if (drive && !sameLocation(mirrored, target.current)) {
      target.current = mirrored;
      navigateRef.current(hrefOf(mirrored), { replace: true, state: mirrored.state });
    }
  }, [mirrored, replaying]);

  return null;
}
