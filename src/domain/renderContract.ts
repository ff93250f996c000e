/**
 * What the server and the app's server-render entry (src/entry-server.tsx) say to each other: the
 * server (server/ssr/) imports this module, never the entry, so the server's code depends on these
 * few types and not on the app. The entry implements `ServerEntry`; the server loads the built
 * entry (`SSR_ENTRY`, inside the client's build folder) and calls `render` per request.
 */

/** How the render's endpoints reach the API: the server answers them in-process. */
export interface ServerTransport {
  /** Resolves the endpoints' paths (a URL needs an origin); the transport itself uses only the path. */
  origin: string;
  fetch: (request: Request) => Promise<Response>;
}

export interface RenderInput {
  /** Path and query of the page (`/collection?category=Figures`). */
  url: string;
  /** How the endpoints reach the API (the server answers them in-process). */
  transport: ServerTransport;
  /**
   * The `shared` data of an earlier render made from the same data (the server keeps it while the
   * catalog, the bundles and the settings are unchanged): the store starts from it as the client
   * does from a page (`serverDataArrived`), so the endpoints answer from their cache and the
   * transport is asked only for what it lacks.
   */
  seed?: SharedData;
}

/**
 * RTK Query entries any render of the same data may start from: the guest's answers of the
 * endpoints every page prefetches (the same for every URL, no token), with the tags they provide
 * (the client's invalidations must still find them). Immutable: renders share it.
 */
export interface SharedData {
  api: {
    queries: Readonly<Record<string, unknown>>;
    mutations: Readonly<Record<string, never>>;
    provided: { tags: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>; keys: Readonly<Record<string, readonly unknown[]>> };
  };
}

export interface RenderedPage {
  /** 200, or 404 for an unknown route, product or bundle (the page says so, as the client does). */
  status: number;
  /** The inside of `<div id="root">`. */
  markup: string;
  /** Emotion's style tags for this markup, in the form the client's cache adopts (key `css`). */
  styles: string;
  /** The RTK Query cache the page was rendered from, for `serverDataArrived` on the client. */
  data: { api: unknown };
  /** The seed with what this render fetched that others may reuse: the seed itself when it fetched nothing new. */
  shared: SharedData;
}

/** The module the build makes of src/entry-server.tsx. */
export interface ServerEntry {
  render(input: RenderInput): Promise<RenderedPage>;
}

/** Where `npm run build` puts the server-rendering bundle, inside the client's folder. */
export const SSR_ENTRY = 'ssr/entry-server.js';
