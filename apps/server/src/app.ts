import { existsSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import type { AppConfig } from './config';
import { registerErrorHandler } from './http/error-handler';
import { registerRequestContext } from './http/request-context';
import { createSessionService, type SessionService } from './modules/session/session.service';
import { createSimulatorSmsGateway, type SmsGateway } from './gateways/sms/sms-simulator.gateway';
import { createTaxFilingSimulator, type TaxFilingGateway } from './gateways/tax-bureau/tax-filing-simulator.gateway';
import { createInvoiceCollectionSimulator, type InvoiceCollectionGateway } from './gateways/tax-bureau/invoice-collection-simulator.gateway';
import { registerModules } from './modules/registry';
import { createTaxAuthDeps, type TaxAuthDeps } from './modules/tax-auth/tax-auth-deps';
import type { FileStorage } from './gateways/file-storage/file-storage';
import { defaultFileStorage } from './gateways/file-storage/local-disk.file-storage';
import { createChatEventHub, type ChatEventHub } from './modules/chat/chat-event-hub';

/** Everything a module may depend on. Outside systems come in as gateways so tests and deployments can swap them. */
export interface AppDeps {
  database: Database;
  config: Pick<AppConfig, 'sessionTtlHours'> & Partial<AppConfig>;
  sessions: SessionService;
  sms: SmsGateway;
  now: () => Date;
  /** Tax-bureau authorization: the bureau gateway (simulator by default) and the password key. */
  taxAuth: TaxAuthDeps;
  /** Uploaded files (local disk under DATA_DIR/uploads by default). */
  files: FileStorage;
  /** Chat events to the open event streams of this process. */
  chatEvents: ChatEventHub;
  /** Tax-bureau filing and deduction tasks (simulator by default). */
  taxFiling: TaxFilingGateway;
  /** Interval of the tax-task processor timer; 0 = off (an injected clock means the caller drives time). */
  taxTaskTickMs: number;
  /** Tax-bureau invoice collection (simulator by default). */
  invoiceCollection: InvoiceCollectionGateway;
  /** Interval of the invoice-collection processor timer; 0 = off (tests drive it with their own clock). */
  invoiceCollectTickMs: number;
}

export type App = FastifyInstance;

export interface BuildAppOptions {
  database: Database;
  config?: Partial<AppConfig>;
  sms?: SmsGateway;
  files?: FileStorage;
  taxFiling?: TaxFilingGateway;
  taxAuth?: TaxAuthDeps;
  taxTaskTickMs?: number;
  invoiceCollection?: InvoiceCollectionGateway;
  invoiceCollectTickMs?: number;
  now?: () => Date;
  logger?: boolean;
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const now = opts.now ?? (() => new Date());
  const config = { sessionTtlHours: 72, ...opts.config };
  const db = opts.database.db;
  const deps: AppDeps = {
    database: opts.database,
    config,
    sessions: createSessionService(db, { ttlHours: config.sessionTtlHours, now }),
    sms: opts.sms ?? createSimulatorSmsGateway(db),
    taxFiling: opts.taxFiling ?? createTaxFilingSimulator(),
    taxTaskTickMs: opts.taxTaskTickMs ?? (opts.now ? 0 : 20_000),
    invoiceCollection: opts.invoiceCollection ?? createInvoiceCollectionSimulator({ latencySeconds: config.invoiceCollectLatencySeconds }),
    invoiceCollectTickMs: opts.invoiceCollectTickMs ?? (opts.now ? 0 : (config.invoiceCollectTickMs ?? 2_000)),
    now,
    files: opts.files ?? defaultFileStorage(opts.config?.dataDir),
    chatEvents: createChatEventHub(),
    taxAuth: opts.taxAuth ?? createTaxAuthDeps(config, opts.sms ?? createSimulatorSmsGateway(db)),
  };

  const trustHops = opts.config?.trustProxyHops ?? 0;
  const app = Fastify({ logger: opts.logger ?? false, trustProxy: trustHops > 0 ? (_addr: string, hop: number) => hop < trustHops : false, bodyLimit: 2 * 1024 * 1024 }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 10 } });
  await app.register(swagger, {
    openapi: {
      info: { title: '代账云 API', version: '0.1.0', description: '所有接口返回 { msg, data }，msg 为 success 表示成功，否则为提示给用户的中文信息。' },
      components: {
        securitySchemes: { Token: { type: 'apiKey', in: 'header', name: 'Token' } },
      },
      security: [{ Token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerRequestContext(app, { db, sessions: deps.sessions });
  await registerModules(app, deps);

  const webDist = opts.config?.webDist;
  if (webDist && existsSync(webDist)) {
    // Files are looked up per request (serve: false + sendFile), so a rebuilt bundle is served without a restart.
    await app.register(fastifyStatic, { root: webDist, serve: false });
    // Single-page app: build files (a path with an extension) are sent as they are, any other GET path outside
    // /api gets index.html and the client router shows 404 itself. A catch-all route rather than a second
    // not-found handler: http/error-handler.ts owns that one (and answers for missing files too).
    app.get('/*', { schema: { hide: true } }, (req, reply) => {
      const path = req.url.split(/[?#]/, 1)[0] ?? '/';
      if (path.startsWith('/api/')) return reply.status(404).send({ msg: '接口不存在', data: null });
      if (/\.[A-Za-z0-9]+$/.test(path)) return reply.sendFile(path.slice(1));
      return reply.sendFile('index.html');
    });
  }
  return app;
}
