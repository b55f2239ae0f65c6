/**
 * The plain-text accounting baseline: the company's live vouchers exported as a ledger/hledger journal, and the
 * wall time of `ledger -f file balance` / `hledger -f file balance` on it (when the tools are installed).
 */
import { execFile, execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RawSql } from './ledger-db';
import type { CompanyKey } from './ledger-load';

export function which(cmd: string): string | null {
  try {
    return execFileSync('which', [cmd], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export interface Journal {
  path: string;
  transactions: number;
  postings: number;
  bytes: number;
  exportMs: number;
}

/**
 * Writes every live voucher as a transaction ('2025/01/03 记-12 销售商品') with one posting per line; accounts
 * are '<类别>:<编码> <名称>' so the balance report rolls them up by category; debit positive, credit negative.
 */
export async function exportJournal(raw: RawSql, k: CompanyKey): Promise<Journal> {
  const t0 = performance.now();
  const path = join(tmpdir(), `dzy-bench-${process.pid}-${Date.now()}.journal`);
  const names = new Map(
    (
      await raw.query<{ id: number; code: string; name: string; category: string }>(
        `select id, code, name, category from subjects where org_id = $1 and company_id = $2`,
        [k.orgId, k.companyId],
      )
    ).map((s) => [s.id, `${s.category}:${s.code} ${s.name}`]),
  );
  const out = createWriteStream(path, { encoding: 'utf8' });
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  let lastId = 0;
  let transactions = 0;
  let postings = 0;
  let bytes = 0;
  for (;;) {
    // Keyset pages of vouchers, each with its lines in order.
    const rows = await raw.query<{ id: number; d: string; no: number; summary: string; subject_id: number; debit: string; credit: string }>(
      `select v.id, to_char(v.voucher_date, 'YYYY/MM/DD') as d, v.voucher_no as no, l.summary, l.subject_id,
              l.debit::text as debit, l.credit::text as credit
         from (select id, voucher_date, voucher_no from vouchers
                where org_id = $1 and company_id = $2 and status = 1 and id > $3 order by id limit 20000) v
         join voucher_lines l on l.org_id = $1 and l.voucher_id = v.id
        order by v.id, l.line_no`,
      [k.orgId, k.companyId, lastId],
    );
    if (rows.length === 0) break;
    let chunk = '';
    let current = -1;
    for (const r of rows) {
      if (r.id !== current) {
        current = r.id;
        transactions++;
        chunk += `\n${r.d} 记-${r.no} ${r.summary}\n`;
      }
      const amount = r.debit !== '0.00' ? r.debit : `-${r.credit}`;
      chunk += `    ${names.get(r.subject_id) ?? `未知:${r.subject_id}`}    ${amount}\n`;
      postings++;
    }
    lastId = current;
    bytes += Buffer.byteLength(chunk);
    await write(chunk);
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return { path, transactions, postings, bytes, exportMs: performance.now() - t0 };
}

export interface ToolRun {
  tool: string;
  ms: number;
  ok: boolean;
  /** Last line of its output (the grand total), or the error. */
  note: string;
}

/** Wall time of `<tool> -f <journal> balance`. */
export function timeBalance(tool: string, journal: string, timeoutMs: number): Promise<ToolRun> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    execFile(tool, ['-f', journal, 'balance'], { maxBuffer: 64 * 1024 * 1024, timeout: timeoutMs }, (err, stdout, stderr) => {
      const ms = performance.now() - t0;
      if (err) return resolve({ tool, ms, ok: false, note: (stderr || err.message).trim().split('\n').slice(-2).join(' ') });
      const lines = stdout.trim().split('\n');
      resolve({ tool, ms, ok: true, note: `${lines.length} lines of output, total ${lines[lines.length - 1]?.trim() || '0'}` });
    });
  });
}

export const removeJournal = (path: string) => rm(path, { force: true });
