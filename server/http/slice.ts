import fp from 'fastify-plugin';
import type { App } from './types';

/**
 * A slice of the app as a Fastify plugin (fastify-plugin, so what it decorates and the hooks it
 * adds are the whole app's): its name, the slices it needs (Fastify refuses to boot when one is
 * missing or registered later), and the function that registers its routes, services, jobs and
 * event subscriptions. Each slice's is in its folder's plugin.ts; app.ts lists them.
 */
export interface Slice<O = Record<never, never>> {
  (app: App, options: O): Promise<void>;
  sliceName: string;
  dependencies: string[];
}

export function defineSlice<O = Record<never, never>>(
  name: string,
  dependencies: string[],
  register: (app: App, options: O) => Promise<void> | void,
): Slice<O> {
  const plugin = fp(async (app: App, options: object) => register(app, options as O), {
    name,
    dependencies,
    fastify: '5.x',
  }) as unknown as Slice<O>;
  plugin.sliceName = name;
  plugin.dependencies = dependencies;
  return plugin;
}

/** The names of `wanted` and of every slice they need, transitively. */
export function withDependencies(all: Slice<never>[], wanted: string[]): Set<string> {
  const byName = new Map(all.map((slice) => [slice.sliceName, slice]));
  const names = new Set<string>();
  const add = (name: string) => {
    if (names.has(name)) return;
    const slice = byName.get(name);
    if (!slice) throw new Error(`No slice named ${name}`);
    names.add(name);
    for (const dependency of slice.dependencies) add(dependency);
  };
  for (const name of wanted) add(name);
  return names;
}
