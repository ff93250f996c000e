import { afterNextPaint, runPaintDeferredTasks } from '../../components/afterNextPaint';
import { navigationRequested } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';
import type { NavigatorSlot } from '../../store/slots';
import { hrefOf, locationOf } from './location';
import { selectLocation } from './routerSlice';

/**
 * `router/navigationRequested` moves the browser (the slice already holds the new location, and
 * the screen renders from it). A move within the same page (the store's category, filters, sort or
 * page) updates the address bar once the new grid is painted: `history.pushState` costs the click
 * a few milliseconds of browser bookkeeping (30 ms on a low-end phone's CPU) that the shopper does
 * not see. Moves keep their order: another page's move first makes those still waiting.
 */
export function setupRouterListeners(startAppListening: AppStartListening, navigator: NavigatorSlot) {
  startAppListening({
    actionCreator: navigationRequested,
    effect: ({ payload }, api) => {
      const move = () => navigator.navigate(payload.to, { replace: payload.replace, state: payload.state });
      const to = locationOf(payload.to);
      const samePage = to.pathname === selectLocation(api.getOriginalState()).pathname;
      // LocationSync then knows the router's arrival there for the store's own move, not a new one.
      navigator.expect(hrefOf(to));
      if (samePage) return afterNextPaint(move);
      runPaintDeferredTasks();
      move();
    },
  });
}
