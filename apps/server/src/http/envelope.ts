/** Every answer is { msg, data }; msg === 'success' on success, otherwise the Chinese message the user sees. */
export interface Envelope<T> {
  msg: string;
  data: T;
}

export function ok<T>(data: T): Envelope<T>;
export function ok(): Envelope<null>;
export function ok<T>(data?: T): Envelope<T | null> {
  return { msg: 'success', data: data === undefined ? null : data };
}

/** A failure the user should read. status is the HTTP status; msg is shown as-is. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    msg: string,
    readonly data: unknown = null,
  ) {
    super(msg);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string, data?: unknown) => new AppError(400, msg, data);
export const unauthorized = (msg = '登录已过期，请重新登录') => new AppError(401, msg);
export const forbidden = (msg = '无权访问') => new AppError(403, msg);
export const notFound = (msg = '数据不存在') => new AppError(404, msg);
export const conflict = (msg: string) => new AppError(409, msg);
