/**
 * The page's only script tag (index.html). The server's HTML is the page: it paints, with its
 * pictures and fonts, before any of the app's code is asked for. The app loads once the page has
 * loaded and painted, so on a slow line its ~230 KB never compete with the page's largest picture
 * for bandwidth, nor its evaluation with the first paint for the main thread (issue 16: Lighthouse
 * counts every request started before the largest paint towards it). A page whose pictures never
 * finish loading still gets its app after START_LATEST_MS.
 *
 * The app's code is then evaluated in stages, each in a task of its own (STAGES): evaluating all
 * of it at once was one task of ~300 ms on a phone-speed CPU (4× slower), which blocks every tap
 * for its whole length (Lighthouse's Total Blocking Time); a stage is a library or two, well under
 * 50 ms there. main.tsx, the last stage, makes the store and hydrates the page.
 *
 * Until then the page's buttons are only drawn: a click on one is held here and made again once
 * the app has taken the page over (heldClicks below).
 */

const START_LATEST_MS = 5000;

/** In start-up order; what a stage evaluates is not evaluated again by the next ones. */
const STAGES: ReadonlyArray<() => Promise<unknown>> = [
  // The brand fonts swap in over their fallbacks (index.html), moving nothing.
  () => import('./app/brandFonts.css'),
  () => import('./app/reactDom'),
  () => import('./api/baseApi'),
  () => import('./store/store'),
  () => import('./app/theme'),
  () => import('./app/App'),
  () => import('./main'),
];

/** Lets the browser paint and handle input between two stages. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let started = false;
async function start() {
  if (started) return;
  started = true;
  for (const [i, stage] of STAGES.entries()) {
    await stage();
    // Shown in the browser's Performance panel: how long each stage took to load and evaluate.
    performance.mark(`app start-up: stage ${i + 1} of ${STAGES.length}`);
    await nextTask();
  }
}

/**
 * The controls that need the app (links work without it). A click on one before the app has
 * taken the page over would do nothing — React does not replay clicks made before it hydrates —
 * or, for a form's submit button, send the form to the server as a plain GET. It is held instead,
 * and made again, in order, once `<html data-app-ready>` says the app is there (app/App.tsx):
 * the heart, the category tab, the filter box or the add-to-cart button then does what it says. A
 * control clicked again while waiting is clicked once: the shopper meant it once. What was typed
 * into a text field meanwhile is given to the app first (typedFields), so a form submitted with
 * Enter before the app was there is sent with what the shopper typed.
 */
const NEEDS_THE_APP = 'button, input, select, textarea, label, summary, [role="button"], [role="tab"], [role="checkbox"], [role="switch"], [role="option"], [role="menuitem"]';
const TEXT_FIELD = 'input:not([type="checkbox"], [type="radio"], [type="submit"], [type="button"], [type="reset"]), select, textarea';
const heldClicks: HTMLElement[] = [];

function holdClick(event: MouseEvent) {
  const control = event.target instanceof Element ? event.target.closest<HTMLElement>(NEEDS_THE_APP) : null;
  if (!control || control.closest('a[href]')) return;
  // A text field (or its label) takes the focus as usual; what is typed is the app's to read when it starts.
  const field = control instanceof HTMLLabelElement ? control.control : control;
  if (field?.matches(TEXT_FIELD)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (!heldClicks.includes(control)) heldClicks.push(control);
}

type TextField = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
/** Each field typed into before the app started, with its text (React resets the field as it takes over). */
const typedFields = new Map<TextField, string>();

function noteTyping(event: Event) {
  if (event.target instanceof Element && event.target.matches(TEXT_FIELD)) typedFields.set(event.target as TextField, (event.target as TextField).value);
}

/**
 * Hands what was typed before the app started to the app, as if typed now. Taking the page over,
 * React sets each field to the value its state holds (empty): the text noted while typing is put back
 * through the field's own value setter and an `input` event, which the app's onChange handles. A
 * click on the field first makes React take over the part of the page the field is in at once
 * (React hydrates a Suspense boundary when a click reaches it, but drops an `input` event there).
 */
function releaseTyping() {
  for (const [field, typed] of typedFields) {
    if (!field.isConnected) continue;
    field.click();
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
    setter?.call(field, typed);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
  typedFields.clear();
}

function releaseClicks() {
  for (const control of heldClicks.splice(0)) if (control.isConnected) control.click();
}

document.addEventListener('click', holdClick, true);
document.addEventListener('input', noteTyping, true);
new MutationObserver((_records, observer) => {
  if (!('appReady' in document.documentElement.dataset)) return;
  observer.disconnect();
  document.removeEventListener('click', holdClick, true);
  document.removeEventListener('input', noteTyping, true);
  releaseTyping();
  releaseClicks();
}).observe(document.documentElement, { attributes: true, attributeFilter: ['data-app-ready'] });

/** After the next frame has painted. */
const afterPaint = () => requestAnimationFrame(() => setTimeout(() => void start(), 0));

if (document.readyState === 'complete') afterPaint();
else {
  window.addEventListener('load', afterPaint, { once: true });
  setTimeout(() => void start(), START_LATEST_MS);
}
