import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Encryption at rest for tax-bureau passwords: AES-256-GCM, a fresh 12-byte IV per value, stored as
 * 'v1:<iv>:<tag>:<ciphertext>' (base64). The key is DZY_SECRET_KEY (64 hex characters or 32 bytes of base64),
 * or else DATA_DIR/secret.key, generated on first start (mode 0600). Losing the key loses the passwords only:
 * users re-enter them.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('secret key must be 32 bytes');
  return {
    seal(plain) {
      if (plain === '') return '';
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
    },
    open(sealed) {
      if (sealed === '') return '';
      const [v, iv, tag, data] = sealed.split(':');
      if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

/** Parses DZY_SECRET_KEY: 64 hex characters or base64 of 32 bytes. */
export function parseSecretKey(raw: string): Buffer {
  const s = raw.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(s) ? Buffer.from(s, 'hex') : Buffer.from(s, 'base64');
  if (key.length !== 32) throw new Error('DZY_SECRET_KEY 必须是 32 字节（64 位十六进制或 base64）');
  return key;
}

/**
 * The key: the configured one, else DATA_DIR/secret.key (made on first start), else — tests and throwaway
 * instances without a data directory — a random key for this process.
 */
export function resolveSecretKey(opts: { secretKey?: string; dataDir?: string }): Buffer {
  if (opts.secretKey) return parseSecretKey(opts.secretKey);
  if (!opts.dataDir) return randomBytes(32);
  const file = join(opts.dataDir, 'secret.key');
  if (existsSync(file)) return parseSecretKey(readFileSync(file, 'utf8'));
  mkdirSync(opts.dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
