import type { ToastVariant } from '../../store/events';

/**
 * Where toasts go. The snackbar host (ToastHost, with notistack) loads after the first paint;
 * a toast asked for before it is there waits here and shows as soon as it attaches.
 */
export type ShowToast = (message: string, variant: ToastVariant, action?: ToastButton) => void;

/** A toast's button: its label, and what pressing it does (the toast closes too). */
export interface ToastButton {
  label: string;
  onPress: () => void;
}

let outlet: ShowToast | null = null;
const waiting: Array<[string, ToastVariant, ToastButton | undefined]> = [];

/** At most this many wait (the host shows no more than 3 at once either); the oldest give way. */
const MAX_WAITING = 3;

export function showToast(message: string, variant: ToastVariant, action?: ToastButton): void {
  if (outlet) return outlet(message, variant, action);
  waiting.push([message, variant, action]);
  if (waiting.length > MAX_WAITING) waiting.shift();
}

/** Connects the host; returns the disconnect. Toasts that waited are shown at once, in order. */
export function attachToastOutlet(show: ShowToast): () => void {
  outlet = show;
  for (const [message, variant, action] of waiting.splice(0)) show(message, variant, action);
  return () => {
    if (outlet === show) outlet = null;
  };
}
