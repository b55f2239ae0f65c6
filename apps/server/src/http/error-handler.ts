import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './envelope';

/** Maps every failure to the { msg, data } envelope with an HTTP status that also tells. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ msg: error.message, data: error.data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Contracts carry the Chinese message on each rule; show the first one.
      const first = error.validation[0];
      const msg = first?.message && /[\u4e00-\u9fa5]/.test(first.message) ? first.message : '参数错误';
      return reply.status(400).send({ msg, data: null });
    }
    const pg = databaseRefusal(error);
    if (pg) return reply.status(pg.status).send({ msg: pg.msg, data: null });
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 413) return reply.status(413).send({ msg: '上传文件过大', data: null });
    if (status === 429) return reply.status(429).send({ msg: '请求过于频繁，请稍后再试', data: null });
    if (status >= 400 && status < 500) return reply.status(status).send({ msg: '请求格式错误', data: null });
    request.log.error(error);
    return reply.status(500).send({ msg: '系统繁忙，请稍后再试', data: null });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ msg: '接口不存在', data: null });
  });
}

/**
 * Refusals raised by the database's own guards (migration 0004): DZ409 settled period → 409; a check violation
 * with a Chinese message (voucher balance) → 400. Drizzle wraps driver errors in `cause`.
 */
export function databaseRefusal(error: unknown): { status: number; msg: string } | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    const message = (e as { message?: unknown }).message;
    if (typeof message !== 'string') continue;
    if (code === 'DZ409') return { status: 409, msg: message };
    if (code === '23514' && /[\u4e00-\u9fa5]/.test(message)) return { status: 400, msg: message };
    if (code === undefined && /^(本期已结账，请先进行反结账)$/.test(message)) return { status: 409, msg: message };
  }
  return undefined;
}
