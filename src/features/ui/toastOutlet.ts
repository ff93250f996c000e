import type { ToastVariant } from '../../store/events';

/**
 * Where toasts go. The snackbar host (ToastHost, with notistack, 8 KB) loads when the first toast
 * is asked for, not with every page (App): that toast waits here and shows as soon as the host
 * attaches.
 */
export type ShowToast = (message: string, variant: ToastVariant, action?: ToastButton) => void;

/** A toast's button: its label, and what pressing it does (the toast closes too). */
export interface ToastButton {
  label: string;
  onPress: () => void;
}

let outlet: ShowToast | null = null;
const waiting: Array<[string, ToastVariant, ToastButton | undefined]> = [];
let asked = false;
const askListeners = new Set<() => void>();

/** At most this many wait (the host shows no more than 3 at once either); the oldest give way. */
const MAX_WAITING = 3;

export function showToast(message: string, variant: ToastVariant, action?: ToastButton): void {
  if (outlet) return outlet(message, variant, action);
  waiting.push([message, variant, action]);
  if (waiting.length > MAX_WAITING) waiting.shift();
  if (!asked) {
    asked = true;
    for (const listener of askListeners) listener();
  }
}

/**
 * Calls `listener` once a toast has been asked for (at once if one already was): the moment to load
 * the host. Returns the unsubscribe.
 */
export function whenToastAsked(listener: () => void): () => void {
  if (asked) {
    listener();
    return () => undefined;
  }
  askListeners.add(listener);
  return () => askListeners.delete(listener);
}

/** Connects the host; returns the disconnect. Toasts that waited are shown at once, in order. */
export function attachToastOutlet(show: ShowToast): () => void {
  outlet = show;
  for (const [message, variant, action] of waiting.splice(0)) show(message, variant, action);
  return () => {
    if (outlet === show) outlet = null;
  };
}
