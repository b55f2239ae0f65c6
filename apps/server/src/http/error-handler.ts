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
