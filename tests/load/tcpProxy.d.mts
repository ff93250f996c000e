/** Types of tests/load/tcpProxy.mjs (plain JS, so the load run and benchmarks use it without a compiler). */
export class TcpProxy {
  mode: 'up' | 'refuse' | 'blackhole';
  port: number;
  /** Connections accepted while up (the server's pool reconnecting shows here). */
  accepted: number;
  static start(target: { host: string; port: number }): Promise<TcpProxy>;
  /** Rewrites a URL's host and port to go through this proxy. */
  wrap(url: string): string;
  cut(mode: 'refuse' | 'blackhole'): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}
