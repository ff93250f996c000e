import { useEffect, useState } from 'react';

/**
 * Runs `task` once the browser has painted the frame that answers what just happened (after the
 * next animation frame, in a task of its own), for work the shopper does not see on the page: the
 * address bar's url, the tab's title. A tap then shows its result first (Interaction to Next
 * Paint) and the browser's own bookkeeping follows, as web.dev's "yield after the visual update"
 * advises. Tasks run in the order they were given. A tab that paints no frames (hidden, or a test's
 * DOM without them) runs them after a timeout instead.
 */
const queue: Array<() => void> = [];

/** Runs every task given so far, in order (also before a change that must not overtake them). */
export function runPaintDeferredTasks(): void {
  for (const task of queue.splice(0)) task();
}

export function afterNextPaint(task: () => void): void {
  queue.push(task);
  if (queue.length > 1) return;
  const frames = typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && document.visibilityState === 'visible';
  if (frames) requestAnimationFrame(() => setTimeout(runPaintDeferredTasks, 0));
  // A frame that never comes (the tab hidden meanwhile) does not hold the tasks back.
  setTimeout(runPaintDeferredTasks, frames ? 100 : 0);
}

/**
 * Ends the current task and resumes in a new one, so the browser can handle a tap or paint in
 * between: a long start-up split where its steps meet (each under 50 ms on a phone's CPU).
 */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * `value`, changed once the frame showing what else the change did has been painted: for a part
 * that follows a tap (a dialog opening over the page) while the tap's own answer (the header's
 * count) shows first.
 */
export function useValueAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (!Object.is(value, shown)) afterNextPaint(() => setShown(value));
  }, [value, shown]);
  return shown;
}
