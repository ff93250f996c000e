import type { FastifyPluginAsync } from 'fastify';

export interface AppPluginMeta {
  name: string;
  /** Plugins (app plugins or external ones such as '@fastify/rate-limit') that must be registered first. */
  dependencies: string[];
}

const META = Symbol.for('plugin-meta');

/**
 * Marks a plugin as not encapsulated so its decorators (`app.catalog`, …) reach the whole app, and
 * records its name and the plugins it needs — the metadata fastify-plugin writes, which Fastify
 * checks at registration and server/app.ts orders the app plugins by (never by file name).
 */
export function appPlugin<T extends FastifyPluginAsync>(name: string, fn: T, opts: { dependencies?: string[] } = {}): T {
  const f = fn as unknown as Record<symbol, unknown>;
  f[Symbol.for('skip-override')] = true;
  f[Symbol.for('fastify.display-name')] = name;
  f[META] = { name, dependencies: opts.dependencies ?? [], fastify: '5.x' };
  return fn;
}

/** The name and dependencies an `appPlugin` declared (undefined for a plain plugin function). */
export function pluginMeta(fn: FastifyPluginAsync): AppPluginMeta | undefined {
  const meta = (fn as unknown as Record<symbol, Partial<AppPluginMeta> | undefined>)[META];
  return meta?.name ? { name: meta.name, dependencies: meta.dependencies ?? [] } : undefined;
}

export class PluginOrderError extends Error {
  override name = 'PluginOrderError';
}

/**
 * Orders plugins so each comes after the plugins it depends on (Kahn's algorithm; ties keep the
 * given order). `available` names what is registered already (external plugins). A dependency
 * nobody provides, a name declared twice or a cycle throws a PluginOrderError that names them.
 */
export function orderPlugins<P extends { plugin: FastifyPluginAsync; source: string }>(plugins: P[], available: (name: string) => boolean): P[] {
  const byName = new Map<string, { entry: P; meta: AppPluginMeta }>();
  for (const entry of plugins) {
    const meta = pluginMeta(entry.plugin);
    if (!meta) throw new PluginOrderError(`${entry.source} must export appPlugin(name, fn, { dependencies }) so it can be ordered by what it needs`);
    const clash = byName.get(meta.name);
    if (clash) throw new PluginOrderError(`two plugins are named '${meta.name}': ${clash.entry.source} and ${entry.source}`);
    byName.set(meta.name, { entry, meta });
  }
  for (const { entry, meta } of byName.values()) {
    const missing = meta.dependencies.filter((d) => !byName.has(d) && !available(d));
    if (missing.length) {
      throw new PluginOrderError(`plugin '${meta.name}' (${entry.source}) depends on ${missing.map((m) => `'${m}'`).join(', ')}, which no plugin provides`);
    }
  }
  const ordered: P[] = [];
  const done = new Set<string>();
  const pending = [...byName.values()];
  while (pending.length) {
    const i = pending.findIndex(({ meta }) => meta.dependencies.every((d) => done.has(d) || !byName.has(d)));
    if (i === -1) throw new PluginOrderError(`plugins depend on each other in a circle: ${describeCycle(pending.map((p) => p.meta))}`);
    const [next] = pending.splice(i, 1);
    ordered.push(next.entry);
    done.add(next.meta.name);
  }
  return ordered;
}

/** One cycle among the stuck plugins, as 'a → b → a'. */
function describeCycle(stuck: AppPluginMeta[]): string {
  const byName = new Map(stuck.map((m) => [m.name, m]));
  let current = stuck[0];
  const path: string[] = [];
  while (!path.includes(current.name)) {
    path.push(current.name);
    current = byName.get(current.dependencies.find((d) => byName.has(d))!)!;
  }
  return [...path.slice(path.indexOf(current.name)), current.name].join(' → ');
}
