import { useEffect } from 'react';
import { afterNextPaint } from './afterNextPaint';
import { metaDescription, pageTitle } from '../domain/meta';

function setMetaContent(selector: string, attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(selector);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  if (el.getAttribute('content') !== content) el.setAttribute('content', content);
}

/**
 * Sets the document title ('<name> | LayerLoft', or the home title without a name) and the meta
 * description for the screen being shown. The Open Graph title and description follow, so a
 * page shared from the browser's own share sheet is described as it is seen. Written once the
 * screen is painted (the tab's title costs a click on a slow phone ~20 ms of browser work).
 */
export function usePageMeta(name: string | null | undefined, description?: string | null) {
  const title = pageTitle(name);
  const text = metaDescription(description);
  useEffect(
    () =>
      afterNextPaint(() => {
        if (document.title !== title) document.title = title;
        setMetaContent('meta[name="description"]', 'name', 'description', text);
        if (document.head.querySelector('meta[property="og:title"]')) {
          setMetaContent('meta[property="og:title"]', 'property', 'og:title', title);
          setMetaContent('meta[property="og:description"]', 'property', 'og:description', text);
        }
      }),
    [title, text],
  );
}
