/**
 * The page's only script tag (index.html). The server's HTML is the page: it paints, with its
 * pictures and fonts, before any of the app's code is asked for. The app loads once the page has
 * loaded and painted, so on a slow line its ~230 KB never compete with the page's largest picture
 * for bandwidth, nor its evaluation with the first paint for the main thread (Lighthouse
 * counts every request started before the largest paint towards it). A page whose pictures never
 * finish loading still gets its app after START_LATEST_MS.
 *
 * The app's code is then evaluated in stages, each in a task of its own (STAGES): evaluating all
 * of it at once was one task of ~300 ms on a phone-speed CPU (4× slower), which blocks every tap
 * for its whole length (Lighthouse's Total Blocking Time); a stage is a library or two, well under
 * 50 ms there. main.tsx, the last stage, makes the store and hydrates the page.
 *
 * Until then the page's buttons are only drawn: what the shopper types, chooses, clicks or submits
 * is kept here and handed to the app once it is ready (below).
 */

import { OWN_PAGE } from './app/ownPages';

const START_LATEST_MS = 5000;

/** In start-up order; what a stage evaluates is not evaluated again by the next ones. */
const STAGES: ReadonlyArray<() => Promise<unknown>> = [
  // The brand fonts swap in over their fallbacks (index.html), moving nothing, both at once.
  () => import('./app/brandFonts').then((fonts) => void fonts.loadBrandFonts()),
  () => import('./app/reactDom'),
  () => import('./api/baseApi'),
  () => import('./store/store'),
  () => import('./app/theme'),
  () => import('./app/App'),
  () => import('./main'),
];

/**
 * The shopper's own pages (My Orders, wishlist, cart, checkout) are a skeleton until the app has
 * read the saved token back and asked for their content: there is no picture to let load first, and
 * staging would only make the shopper wait for one module after another. There the app starts as
 * soon as the page has painted, and its modules load in parallel (main.tsx imports them all).
 */
const OWN_PAGE_STAGES: ReadonlyArray<() => Promise<unknown>> = [() => Promise.all([import('./app/brandFonts').then((fonts) => void fonts.loadBrandFonts()), import('./main')])];
const ownPage = OWN_PAGE.test(window.location.pathname);

/** Lets the browser paint and handle input between two stages. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let started = false;
async function start() {
  if (started) return;
  started = true;
  const stages = ownPage ? OWN_PAGE_STAGES : STAGES;
  for (const [i, stage] of stages.entries()) {
    await stage();
    // Shown in the browser's Performance panel: how long each stage took to load and evaluate.
    performance.mark(`app start-up: stage ${i + 1} of ${stages.length}`);
    await nextTask();
  }
}

/**
 * Input before start-up. Until `<html data-app-ready>` says the app has taken the page over *and*
 * read the saved cart, wishlist and token back (main.tsx), the page is the server's HTML: what the
 * shopper does meanwhile is kept here, for every control of every page, and handed to the app in
 * one go once it is ready, in the order it happened:
 * - what is typed, autofilled or chosen in a field stays in the field and is noted
 *   (FIELD; `input`/`change` events); on release each field whose text the app does not hold yet
 *   is given to it as if typed then (adoptFields);
 * - a click on a control that needs the app (NEEDS_THE_APP: buttons, checkboxes, radios, tabs,
 *   labels…; links work without it) is held, and the control says so (`aria-busy` and a look of
 *   its own, index.html's `[data-held]`); a form submitted meanwhile (Enter in a field) is held
 *   too. On release each is made again, once: a control clicked twice while waiting counts once.
 * Nothing is matched by page or by form, so a form or button added later is covered as well.
 * Held until the saved state is back, an action is never taken for a guest's (a heart kept on this
 * device instead of the account) nor undone by the saved cart arriving after it. A form never
 * goes to the server as a plain GET: the server's forms are `method="post"` (and the server
 * answers such a post with the page and the values typed, POSTED_FIELDS).
 */
const NEEDS_THE_APP = 'button, input, select, textarea, label, summary, [role="button"], [role="tab"], [role="checkbox"], [role="switch"], [role="radio"], [role="option"], [role="menuitem"]';
/** The fields that keep what is typed or chosen by themselves (a click on one only focuses it). */
const FIELD = 'input:not([type="checkbox"], [type="radio"], [type="submit"], [type="button"], [type="reset"], [type="image"], [type="hidden"], [type="file"]), select, textarea';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
/** A held click (on `control`) or a held submission (of `form`), in the order they happened. */
type Held = { control: HTMLElement; path: number[]; busy: string | null } | { form: HTMLFormElement; submitter: HTMLElement | null };
const held: Held[] = [];
/** Each field changed before start-up, with its last value (React may reset the field's text as it takes over). */
const typed = new Map<Field, string>();

/** Where `el` sits under #root (child indexes): finds it again if the app rendered that part anew. */
function pathOf(el: Element): number[] {
  const path: number[] = [];
  for (let node: Element | null = el; node && node.id !== 'root' && node.parentElement; node = node.parentElement) path.unshift([...node.parentElement.children].indexOf(node));
  return path;
}

function atPath(path: number[]): Element | null {
  let node: Element | null | undefined = document.getElementById('root');
  for (const i of path) node = node?.children[i];
  return node ?? null;
}

function holdClick(event: MouseEvent) {
  const control = event.target instanceof Element ? event.target.closest<HTMLElement>(NEEDS_THE_APP) : null;
  if (!control || control.closest('a[href]')) return;
  // A field (or its label) takes the focus as usual; what is typed is noted (noteField).
  const field = control instanceof HTMLLabelElement ? control.control : control;
  if (field?.matches(FIELD)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (held.some((h) => 'control' in h && h.control === control)) return;
  held.push({ control, path: pathOf(control), busy: control.getAttribute('aria-busy') });
  control.setAttribute('aria-busy', 'true');
  control.setAttribute('data-held', '');
}

function holdSubmit(event: SubmitEvent) {
  const form = event.target as HTMLFormElement;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (!held.some((h) => 'form' in h && h.form === form)) held.push({ form, submitter: event.submitter });
}

function noteField(event: Event) {
  if (event.target instanceof Element && event.target.matches(FIELD)) keep(event.target as Field, (event.target as Field).value);
}

/**
 * Notes a field's text, and says on its labels whether it holds any (`data-filled`): the server drew
 * an empty field's label inside the box, where it would cover the text until the app moves it
 * (index.html moves it out meanwhile).
 */
function keep(field: Field, text: string) {
  typed.set(field, text);
  for (const label of field.labels ?? []) label.toggleAttribute('data-filled', text !== '');
}

/**
 * What the server answers a form posted before any script ran (server/ssr/postedForm.ts): the same
 * page with the values sent, except passwords, which are put back here as if typed.
 */
const POSTED_FIELDS = 'posted-fields';
function restorePostedFields() {
  const block = document.getElementById(POSTED_FIELDS);
  if (!block?.textContent) return;
  let values: Record<string, unknown>;
  try {
    values = JSON.parse(block.textContent) as Record<string, unknown>;
  } catch {
    return;
  }
  for (const [name, value] of Object.entries(values)) {
    const field = document.querySelector<Field>(`#root [name="${CSS.escape(name)}"]`);
    if (typeof value !== 'string' || !field?.matches(FIELD) || (field as HTMLInputElement).type === 'password') continue;
    field.value = value;
    keep(field, value);
  }
}

/** The value the app rendered into a field (React keeps a controlled field's default value equal to it). */
const appValue = (field: Field) => (field instanceof HTMLSelectElement ? null : field.defaultValue);

/**
 * Gives the app what the fields hold and it does not: the text noted while typing, or found in a
 * field without an event (an autofill or the browser's form restore). The field's own setter is
 * given the app's value first (React's change tracking then sees a change), the text is put in
 * with the element's native setter, and an `input` event (`change` for a select) reaches the
 * app's onChange. A click on the field first makes React take over the part of the page the field
 * is in, if it has not yet (React hydrates a Suspense boundary at once when a click reaches it).
 */
function adoptFields() {
  for (const field of document.querySelectorAll<Field>(`#root :is(${FIELD}):not([readonly], [disabled], [aria-hidden="true"])`)) {
    const rendered = appValue(field);
    if (rendered !== null && !typed.has(field) && field.value !== rendered) typed.set(field, field.value);
  }
  for (const [field, text] of typed) {
    if (!field.isConnected || text === appValue(field)) continue;
    field.click();
    const current = appValue(field);
    if (current !== null) field.value = current;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, text);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
  // The app draws the labels from here.
  for (const field of typed.keys()) for (const label of field.labels ?? []) label.removeAttribute('data-filled');
  typed.clear();
}

/** Makes the held clicks and submissions again, in order, each once. */
function releaseHeld() {
  for (const h of held.splice(0)) {
    if ('form' in h) {
      if (!h.form.isConnected) continue;
      const submitter = h.submitter?.isConnected && h.submitter.closest('form') === h.form ? h.submitter : null;
      h.form.requestSubmit(submitter);
      continue;
    }
    const { control, path, busy } = h;
    if (control.getAttribute('aria-busy') === 'true') {
      if (busy === null) control.removeAttribute('aria-busy');
      else control.setAttribute('aria-busy', busy);
    }
    control.removeAttribute('data-held');
    // The same control, or the one in its place if the app rendered that part of the page anew.
    const again = control.isConnected ? control : atPath(path);
    if (!(again instanceof HTMLElement && again.tagName === control.tagName && again.textContent === control.textContent)) continue;
    takeOverCheckable(again);
    again.click();
  }
}

/**
 * A checkbox or radio (or its label) is ticked by the click itself, before any listener runs: if
 * React took over its part of the page during that click (it hydrates a Suspense boundary at once
 * when a click reaches it), it would read the box already ticked, see no change and not call
 * onChange — the tick would show but count for nothing. A mousedown, which ticks nothing, makes
 * React take that part over first.
 */
function takeOverCheckable(control: HTMLElement) {
  const box = control instanceof HTMLLabelElement ? control.control : control;
  if (box instanceof HTMLInputElement && (box.type === 'checkbox' || box.type === 'radio')) box.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
}

document.addEventListener('click', holdClick, true);
document.addEventListener('submit', holdSubmit, true);
document.addEventListener('input', noteField, true);
document.addEventListener('change', noteField, true);
restorePostedFields();
new MutationObserver((_records, observer) => {
  if (!('appReady' in document.documentElement.dataset)) return;
  observer.disconnect();
  document.removeEventListener('click', holdClick, true);
  document.removeEventListener('submit', holdSubmit, true);
  document.removeEventListener('input', noteField, true);
  document.removeEventListener('change', noteField, true);
  adoptFields();
  releaseHeld();
}).observe(document.documentElement, { attributes: true, attributeFilter: ['data-app-ready'] });

/** After the next frame has painted. */
const afterPaint = () => requestAnimationFrame(() => setTimeout(() => void start(), 0));

if (document.readyState === 'complete' || ownPage) afterPaint();
else {
  window.addEventListener('load', afterPaint, { once: true });
  setTimeout(() => void start(), START_LATEST_MS);
}
