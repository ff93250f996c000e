/**
 * The server-rendered page's styles (emotion's critical CSS, src/entry-server.tsx) stay where the
 * server wrote them. Emotion's own hydration moves every server style tag to the end of the head
 * (`appendChild` / `insertBefore` of each tag) as soon as @emotion/react is evaluated: the browser
 * then re-reads the page's ~50 KB of CSS and recalculates the style and layout of the whole page
 * in the middle of the app's start-up. So the server writes its tags in a form emotion
 * does not collect (`adoptableStyleTags`), and the browser's cache counts their styles as inserted
 * (app/emotionCache.ts), so none is inserted twice.
 */

/** Emotion's cache key on both sides: the client's classes are the server's (`css-<hash>`). */
export const EMOTION_KEY = 'css';

/** A server style tag's ids ("css id1 id2 …"), where emotion's `data-emotion` would be. */
export const SERVER_STYLE_IDS = 'data-server-emotion';

/**
 * The server's style tags (emotion's `constructStyleTagsFromChunks`) for the page: the styles of
 * the markup under SERVER_STYLE_IDS; the global ones (`css-global <id>`) stay for emotion's
 * <Global>, which adopts each in place, marked `data-s` so the default cache leaves them be.
 */
export function adoptableStyleTags(tags: string): string {
  return tags
    .replaceAll(`<style data-emotion="${EMOTION_KEY} `, `<style ${SERVER_STYLE_IDS}="${EMOTION_KEY} `)
    .replaceAll(`<style data-emotion="${EMOTION_KEY}-global `, `<style data-s="" data-emotion="${EMOTION_KEY}-global `);
}

/** The style ids (emotion's `name`s) the server's tags in `doc` already hold. */
export function serverStyleIds(doc: Document = document): string[] {
  return [...doc.querySelectorAll(`style[${SERVER_STYLE_IDS}]`)].flatMap((tag) => (tag.getAttribute(SERVER_STYLE_IDS) ?? '').split(' ').slice(1).filter(Boolean));
}
