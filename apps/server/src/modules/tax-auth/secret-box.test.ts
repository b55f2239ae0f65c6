import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, parseSecretKey, resolveSecretKey } from './secret-box';

describe('secret box', () => {
  it('seals with a fresh IV and opens only with the same key', () => {
    const box = createSecretBox(Buffer.alloc(32, 7));
    const a = box.seal('Etax#2026');
    const b = box.seal('Etax#2026');
    expect(a).not.toBe(b);
    expect(a.startsWith('v1:')).toBe(true);
    expect(box.open(a)).toBe('Etax#2026');
    expect(box.seal('')).toBe('');
    expect(() => createSecretBox(Buffer.alloc(32, 8)).open(a)).toThrow();
    const [v, iv, tag, data] = a.split(':');
    const flipped = Buffer.from(data ?? '', 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64')].join(':'))).toThrow();
  });

  it('reads DZY_SECRET_KEY as hex or base64 and refuses other lengths', () => {
    expect(parseSecretKey('ab'.repeat(32))).toHaveLength(32);
    expect(parseSecretKey(Buffer.alloc(32, 1).toString('base64'))).toHaveLength(32);
    expect(() => parseSecretKey('short')).toThrow('32 字节');
  });

  it('generates DATA_DIR/secret.key once and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dzy-key-'));
    const first = resolveSecretKey({ dataDir: dir });
    expect(resolveSecretKey({ dataDir: dir }).equals(first)).toBe(true);
    expect(readFileSync(join(dir, 'secret.key'), 'utf8').trim()).toBe(first.toString('hex'));
    expect(statSync(join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(resolveSecretKey({ secretKey: 'cd'.repeat(32), dataDir: dir }).toString('hex')).toBe('cd'.repeat(32));
  });
});
