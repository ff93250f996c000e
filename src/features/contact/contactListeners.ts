import type { AppStartListening } from '../../store/listenerMiddleware';
import type { LazyFeature } from '../../store/types';
import { contactFormReset, contactFormSubmitted, selectContactForm } from './contactSlice';
import { INQUIRY_RESET_MS } from './inquiry';

/**
 * Opening the visitor's mail program without leaving the page (a click on a mailto: anchor). An
 * object so tests can replace `open`.
 */
export const mailLink = {
  open(href: string): void {
    const a = document.createElement('a');
    a.href = href;
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
  },
};

/**
 * A sent inquiry opens the mail link, then the form clears INQUIRY_RESET_MS later (SPEC §9) on the
 * store's clock (`extra.wait`); a second send starts the delay over.
 */
export function setupContactListeners(startAppListening: AppStartListening): () => void {
  const unsubscribe = startAppListening({
    actionCreator: contactFormSubmitted,
    effect: async (_action, api) => {
      const { status } = selectContactForm(api.getState());
      if (status.kind !== 'sent') return;
      api.cancelActiveListeners();
      mailLink.open(status.href);
      await api.pause(api.extra.wait(INQUIRY_RESET_MS));
      api.dispatch(contactFormReset());
    },
  });
  return unsubscribe;
}

/** Started by the contact form (store/hooks.ts `useFeature`): the contact page's chunk brings it. */
export const contactFeature: LazyFeature = { name: 'contact', setup: (startAppListening) => setupContactListeners(startAppListening) };
