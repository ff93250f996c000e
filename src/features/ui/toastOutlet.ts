import type { ToastVariant } from '../../store/events';

/**
 * Where toasts go. The snackbar host (ToastHost, with notistack) loads after the first paint;
 * a toast asked for before it is there waits here and shows as soon as it attaches.
 */
export type ShowToast = (message: string, variant: ToastVariant) => void;

let outlet: ShowToast | null = null;
const waiting: Array<[string, ToastVariant]> = [];

/** At most this many wait (the host shows no more than 3 at once either); the oldest give way. */
const MAX_WAITING = 3;

export function showToast(message: string, variant: ToastVariant): void {
  if (outlet) return outlet(message, variant);
  waiting.push([message, variant]);
  if (waiting.length > MAX_WAITING) waiting.shift();
}

/** Connects the host; returns the disconnect. Toasts that waited are shown at once, in order. */
export function attachToastOutlet(show: ShowToast): () => void {
  outlet = show;
  for (const [message, variant] of waiting.splice(0)) show(message, variant);
  return () => {
    if (outlet === show) outlet = null;
  };
}
