import { lazy, useState, type ComponentType } from 'react';

/** A route screen loaded on demand, which `preload()` can fetch ahead of the first render. */
export interface LazyRoute {
  (): React.ReactElement;
  preload(): Promise<void>;
}

/**
 * `React.lazy` with a preload: main.tsx loads the first screen's chunk before it renders, so the
 * first render is the screen itself (matching the HTML prerendered for `/`) and not the page
 * fallback. A mounted screen keeps the component it started with, so a load that finishes later
 * never remounts it.
 */
export function lazyRoute(load: () => Promise<{ default: ComponentType }>): LazyRoute {
  let loaded: ComponentType | undefined;
  const remember = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(remember);
  function Route() {
    const [Screen] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Screen />;
  }
  Route.preload = () => remember().then(() => undefined);
  return Route;
}
