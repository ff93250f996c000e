import createCache, { type EmotionCache } from '@emotion/cache';
import { EMOTION_KEY, serverStyleIds } from './serverStyles';

/**
 * The app's emotion cache in the browser: the styles the server's page already holds count as
 * inserted (see serverStyles.ts), so hydration inserts only what the server did not render.
 */
export function serverStyleCache(doc: Document = document): EmotionCache {
  const cache = createCache({ key: EMOTION_KEY });
  for (const id of serverStyleIds(doc)) cache.inserted[id] = true;
  return cache;
}
