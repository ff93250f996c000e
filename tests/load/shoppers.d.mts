/** Types of tests/load/shoppers.mjs (plain JS, so `npm run bench` imports it without a compiler). */
export interface LoadResult {
  shoppers: number;
  durationS: number;
  requests: number;
  setupRequests: number;
  throughput: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  chatDeliveryMs: { p50: number; p95: number; n: number };
  byStatus: Record<string, number>;
  byAction: Record<string, number>;
  /** Requests and 5xx/network failures per phase of the run ('steady' without faults). */
  byPhase: Record<string, { requests: number; failed: number }>;
  orders: Record<string, number>;
  checked: { paidSessions: number; cartLines: number; wishlistEntries: number; messages: number; verifiedOrders: number; staffReplies: number; linesLowered: number; stockOptions: number };
  fiveXX: number;
  violations: string[];
}

export function runLoad(opts: {
  root: string;
  shoppers?: number;
  durationMs?: number;
  thinkMs?: [number, number];
  databaseUrl?: string;
  log?: (line: string) => void;
}): Promise<LoadResult>;

/** One scripted shopper: what the server acknowledged, and what is in doubt (no answer came). */
export interface Shopper {
  i: number;
  ip: string;
  email: string;
  token: string;
  cart: Record<string, number>;
  wishlist: Set<string>;
  inDoubt: Set<string>;
  /** Cart lines a stock 409 ("Only N left — we updated your cart") lowered. */
  lowered: number;
  [more: string]: unknown;
}

export interface LoadStats {
  requests: number;
  byStatus: Record<string, number>;
  [more: string]: unknown;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type Requester = (ip: string, method: string, url: string, opts?: { body?: unknown; token?: string; form?: Record<string, string>; headers?: Record<string, string>; action?: string }) => Promise<{ status: number; json: Json; headers: Headers }>;

export function newStats(): LoadStats;
export function makeRequester(base: string, stats: LoadStats, phase?: () => string): Requester;
export function signUpShoppers(request: Requester, n: number, tag: string): Promise<Shopper[]>;
export function simpleProducts<T>(products: T[]): T[];
export function shopperActions(opts: { request: Requester; products: unknown[]; buyable: unknown[]; hasDist: boolean }): { actions: Record<'browse' | 'cartAdd' | 'cartUpdate' | 'wishlist' | 'chat' | 'checkout', (p: Shopper) => Promise<void>>; chooseAction: () => string };
export function readStock(databaseUrl: string): Promise<Map<string, number>>;
export function checkInvariants(databaseUrl: string, people: Shopper[], opts?: { stockBefore?: Map<string, number> }): Promise<{ violations: string[]; checked: LoadResult['checked']; orders: Record<string, number> }>;
