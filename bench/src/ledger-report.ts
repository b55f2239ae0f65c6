/** Plain-text tables for the ledger benchmark's printout (CJK characters count two columns). */

export interface Row {
  name: string;
  value: string;
  /** e.g. '≤ 0.10'; absent = informational. */
  target?: string;
  pass?: boolean;
}

/** Display width in a terminal: East Asian wide characters take two columns. */
export function width(s: string): number {
  let w = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    w += (c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6) ? 2 : 1;
  }
  return w;
}

const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - width(s)));

export function table(title: string, rows: Row[]): string {
  const verdict = (r: Row) => (r.pass === undefined ? '' : r.pass ? 'PASS' : 'FAIL');
  const w1 = Math.max(...rows.map((r) => width(r.name)), 6);
  const w2 = Math.max(...rows.map((r) => width(r.value)), 5);
  const w3 = Math.max(...rows.map((r) => width(r.target ?? '')), 6);
  const line = `${'-'.repeat(w1 + 2)}+${'-'.repeat(w2 + 2)}+${'-'.repeat(w3 + 2)}+------`;
  const out = [`\n${title}`, line, ` ${pad('figure', w1)} | ${pad('value', w2)} | ${pad('target', w3)} | result`, line];
  for (const r of rows) out.push(` ${pad(r.name, w1)} | ${pad(r.value, w2)} | ${pad(r.target ?? '', w3)} | ${verdict(r)}`);
  out.push(line);
  return out.join('\n');
}

export const ms = (v: number): string => (Number.isFinite(v) ? (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(1)} ms`) : 'n/a');
export const mb = (bytes: number): string => (Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(0)} MB` : 'n/a');
export const int = (n: number): string => n.toLocaleString('en-US');
