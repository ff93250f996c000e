import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as not encapsulated so its decorators (`app.catalog`, …) reach the whole app —
 * what `fastify-plugin` does, without adding the dependency for one symbol.
 */
export function appPlugin<T extends FastifyPluginAsync>(name: string, fn: T): T {
  const f = fn as unknown as Record<symbol, unknown>;
  f[Symbol.for('skip-override')] = true;
  f[Symbol.for('fastify.display-name')] = name;
  return fn;
}

export type { FastifyInstance };
