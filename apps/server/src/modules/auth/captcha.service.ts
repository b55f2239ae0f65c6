import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { insertCaptcha, spendCaptcha } from './auth.repo';

export const CAPTCHA_TTL_MS = 5 * 60_000;

/** Salted with the captcha id so equal answers of different captchas do not share a hash. */
function answerHash(id: string, answer: string): string {
  return createHash('sha256').update(`${id}:${answer.trim().toLowerCase()}`).digest('hex');
}

export interface IssuedCaptcha {
  captchaId: string;
  /** data:image/svg+xml;base64,… */
  image: string;
  /** The answer. Never sent to the client: the route drops it; tests read it here. */
  text: string;
}

/** Creates a 4-character image captcha; only a hash of its answer is stored, valid for 5 minutes. */
export async function issueCaptcha(db: Db, now: Date): Promise<IssuedCaptcha> {
  // Characters that look alike in the distorted image are left out.
  const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f5f7fa' });
  const captchaId = randomUUID();
  await withSystem(db, (tx) =>
    insertCaptcha(tx, { id: captchaId, answerHash: answerHash(captchaId, c.text), expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS), now }),
  );
  return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`, text: c.text };
}

/** Checks an answer (case-insensitive) and spends the captcha whatever the outcome. */
export async function checkCaptcha(db: Db, now: Date, captchaId: string, answer: string): Promise<boolean> {
  const stored = await withSystem(db, (tx) => spendCaptcha(tx, { id: captchaId, now }));
  if (!stored) return false;
  const given = Buffer.from(answerHash(captchaId, answer), 'hex');
  return timingSafeEqual(given, Buffer.from(stored, 'hex'));
}
