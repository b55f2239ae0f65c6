/** Field rules shared by the call contracts. */
import { z } from 'zod';

/** A positive integer id, given as number or numeric string (the spec's UI sends both); `msg` for every failure. */
export const idField = (msg: string) =>
  z
    .union([z.number({ error: msg }), z.string({ error: msg }).trim().min(1, msg)], { error: msg })
    .transform(Number)
    .pipe(z.number({ error: msg }).int(msg).positive(msg));

/** The company a call is about, when it is sent in the body (else the ComId header decides). */
export const comIdField = idField('请选择公司');
