/**
 * Every lazily injected slice (store/store.ts LazyLoadedSlices), for what must know them all at
 * once: a QA replay (features/qa/recorder.ts) reduces actions of every feature, whichever routes the
 * recorded page had loaded, and Redux DevTools' Dispatcher in development (main.tsx).
 */
import '../features/contact/contactSlice';
import '../features/chat/chatSlice';
import '../features/orders/ordersSlice';
import '../features/checkout/checkoutSlice';
