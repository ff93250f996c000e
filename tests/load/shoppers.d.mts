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
  checked: { paidSessions: number; cartLines: number; wishlistEntries: number; messages: number; verifiedOrders: number; staffReplies: number };
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
