import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_STREAM_COOKIE, CHAT_STREAM_PATH, type ChatStreamEvent } from '@dzy/domain/contracts/chat.contract';
import type { AppDeps } from '../../app';
import { withTenant } from '../../db/tenant';
import { AppError } from '../../http/envelope';
import { resolvePublicCaller, type PublicCaller } from '../uploads/public-session';
import type { ChatEvent } from './chat-event-hub';
import { visibleIdsAmong } from './chat.repo';

const HEARTBEAT_MS = 25_000;
/** How long a stream trusts its list of visible companies and its session before checking again. */
const RECHECK_MS = 60_000;

export function cookieValue(req: FastifyRequest, name: string): string | undefined {
  const raw = req.headers.cookie ?? '';
  for (const part of raw.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

/** The cookie that lets EventSource (which cannot send a Token header) open the stream: HttpOnly, this path only. */
export function setStreamCookie(reply: FastifyReply, token: string, maxAgeSeconds: number, secure: boolean): void {
  reply.header(
    'Set-Cookie',
    `${CHAT_STREAM_COOKIE}=${encodeURIComponent(token)}; Path=${CHAT_STREAM_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
  );
}

/**
 * GET CHAT_STREAM_PATH: a server-sent event stream of the org's chat events for the companies the caller can see.
 * Events: 'ready' once, then 'chat' with a ChatStreamEvent; a comment line every 25 s keeps proxies from closing it.
 */
export function registerChatStream(app: FastifyInstance, deps: AppDeps): void {
  const open = new Set<() => void>();
  // Streams never end by themselves; closing the server ends them first so it can close at all.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(
    CHAT_STREAM_PATH,
    {
      schema: {
        tags: ['chat'],
        summary: '在线沟通事件流（SSE）',
        description:
          'text/event-stream。EventSource 不能带 Token 头：先调用 POST /api/v2/company/chatStreamAuth 设置仅此路径可用的 HttpOnly Cookie，再连接。事件 chat 的 data 为 {kind, comId, chatId?, mine}，只含变化，不含内容。',
      },
    },
    async (req, reply) => {
      let caller: PublicCaller;
      try {
        caller = await resolvePublicCaller(deps, cookieValue(req, CHAT_STREAM_COOKIE));
      } catch (e) {
        const status = e instanceof AppError ? e.status : 500;
        return reply.status(status).send({ msg: e instanceof Error ? e.message : '连接失败', data: null });
      }
      const res = reply.raw;
      reply.hijack();
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
      const write = (s: string) => {
        if (!res.writableEnded) res.write(s);
      };
      write(`retry: 5000\nevent: ready\ndata: {}\n\n`);

      let visible: { ids: Set<number>; at: number } | null = null;
      const canSee = async (companyId: number): Promise<boolean> => {
        if (caller.viewer.isAdmin) return true;
        if (!visible || Date.now() - visible.at > RECHECK_MS) {
          // Re-read the whole visible set now and then rather than once per event.
          const ids = await withTenant(deps.database.db, caller.orgId, (tx) => visibleIdsAmong(tx, caller.viewer, [companyId, ...(visible?.ids ?? [])]));
          visible = { ids: new Set(ids), at: Date.now() };
          return visible.ids.has(companyId);
        }
        if (visible.ids.has(companyId)) return true;
        const ids = await withTenant(deps.database.db, caller.orgId, (tx) => visibleIdsAmong(tx, caller.viewer, [companyId]));
        if (ids.length > 0) visible.ids.add(companyId);
        return ids.length > 0;
      };

      const onEvent = (e: ChatEvent) => {
        if (e.onlyUserId !== undefined && e.onlyUserId !== caller.userId) return;
        void canSee(e.companyId)
          .then((ok) => {
            if (!ok) return;
            const data: ChatStreamEvent = { kind: e.kind, comId: e.companyId, mine: e.byUserId === caller.userId, ...(e.chatId ? { chatId: e.chatId } : {}) };
            write(`event: chat\ndata: ${JSON.stringify(data)}\n\n`);
          })
          .catch(() => undefined);
      };
      const unsubscribe = deps.chatEvents.subscribe(caller.orgId, onEvent);
      const heartbeat = setInterval(() => write(`: ping\n\n`), HEARTBEAT_MS);
      // A logged-out or disabled user's stream ends within a minute.
      const sessionCheck = setInterval(() => {
        resolvePublicCaller(deps, cookieValue(req, CHAT_STREAM_COOKIE)).catch(() => end());
      }, RECHECK_MS);
      const end = () => {
        clearInterval(heartbeat);
        clearInterval(sessionCheck);
        unsubscribe();
        open.delete(end);
        if (!res.writableEnded) res.end();
      };
      open.add(end);
      req.raw.on('close', end);
    },
  );
}
