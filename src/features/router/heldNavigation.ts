import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { Path } from 'react-router-dom';

/** Whether a navigation from `currentLocation` to `nextLocation` is to be held until the shopper or staff decide. */
export type ShouldBlock = (args: { currentLocation: Path; nextLocation: Path }) => boolean;

/** A held navigation, as react-router's `useBlocker` reports one: `proceed` makes it, `reset` drops it. */
export type HeldNavigation = { state: 'unblocked'; proceed?: undefined; reset?: undefined } | { state: 'blocked'; proceed(): void; reset(): void };

/** What useHeldNavigation needs of the app's history (features/router/blockingHistory.tsx). */
export interface NavigationGate {
  /** Sets what decides (null: nothing is held); returns the undo. */
  block(shouldBlock: ShouldBlock): () => void;
  subscribe(onChange: () => void): () => void;
  held(): HeldNavigation;
}

/** The app's history, under BrowserRouterWithBlocking (blockingHistory.tsx, which the app's router module imports: react-router stays out of the store's start-up stage). */
export const NavigationGateContext = createContext<NavigationGate | null>(null);

/** True under BrowserRouterWithBlocking (the app's browser router), where useHeldNavigation works. */
export function useCanHoldNavigation(): boolean {
  return useContext(NavigationGateContext) !== null;
}

/** Holds the navigations `shouldBlock` says to (under BrowserRouterWithBlocking), as react-router's `useBlocker`. */
export function useHeldNavigation(shouldBlock: ShouldBlock): HeldNavigation {
  const history = useContext(NavigationGateContext);
  if (!history) throw new Error('useHeldNavigation needs BrowserRouterWithBlocking');
  useEffect(() => history.block(shouldBlock), [history, shouldBlock]);
  return useSyncExternalStore(history.subscribe, history.held, history.held);
}
