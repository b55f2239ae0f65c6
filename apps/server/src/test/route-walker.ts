/**
 * Builds the real test app while recording every route it registers, so whole-API checks (tenant
 * isolation) cover routes added by future modules without anyone listing them. Fastify publishes each new
 * instance on the 'fastify.initialization' diagnostics channel before any plugin or module runs; an onRoute
 * hook added there sees every route.
 */
import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createTestApp, type TestContext } from './test-app';

export interface WalkedRoute {
  method: string;
  /** As registered, with parameters ('/api/v2/x/:id'). */
  url: string;
}

export async function createRecordedTestApp(opts: Parameters<typeof createTestApp>[0] = {}): Promise<{ ctx: TestContext; routes: WalkedRoute[] }> {
  const routes: WalkedRoute[] = [];
  const init = channel('fastify.initialization');
  const onInit = (message: unknown): void => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      // HEAD routes Fastify adds for GETs are recorded too: they run the same handler.
      for (const method of methods) routes.push({ method, url: route.url });
    });
  };
  init.subscribe(onInit);
  let ctx: TestContext;
  try {
    ctx = await createTestApp(opts);
  } finally {
    init.unsubscribe(onInit);
  }
  const seen = new Set<string>();
  const unique = routes.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { ctx, routes: unique };
}

/** Fills ':param' segments (and a trailing '*') with a value. */
export function fillParams(url: string, value: string): string {
  return url.replace(/:[A-Za-z0-9_]+/g, value).replace(/\*$/, value);
}
