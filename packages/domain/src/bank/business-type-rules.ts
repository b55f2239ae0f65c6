/**
 * Automatic business types for imported bank lines (智能匹配): the company's history first, then keyword rules
 * on summary and counterparty. Pure; the server passes the company's bank types (resolveBusinessTypes) and the
 * history it read, and stores the answer as if the user had chosen it (saveBank can still change it).
 */

/** A bank type as the rules need it: its stored key, direction and whether it may still be chosen. */
export interface TypeCandidate {
  key: string;
  direction: 1 | 2 | null;
  stopped: boolean;
}

export interface LineToType {
  type: 1 | 2;
  summary: string;
  otherName: string;
}

/**
 * Keyword rules in the order they are tried. Keys are those of the default bank types (they never change; a
 * user may rename or stop the type, and a stopped one is skipped). The first rule whose word occurs and whose
 * type fits the line's direction wins.
 */
export const BANK_KEYWORD_RULES: readonly { words: readonly string[]; keys: readonly string[] }[] = [
  { words: ['手续费', '服务费', '工本费'], keys: ['fee'] },
  { words: ['利息', '结息'], keys: ['interest'] },
  { words: ['工资', '代发', '薪'], keys: ['salary'] },
  { words: ['取现', '提现'], keys: ['withdraw'] },
  { words: ['存现', '现金存入'], keys: ['deposit'] },
  // One word, two types: the line's direction picks 收到货款 or 支付货款.
  { words: ['货款'], keys: ['receipt', 'payment'] },
];

const usable = (t: TypeCandidate | undefined, line: LineToType): t is TypeCandidate => t !== undefined && !t.stopped && t.direction === line.type;

/** The key the keyword rules give a line, or null. The summary is read before the counterparty's name. */
export function keywordBusinessType(line: LineToType, types: ReadonlyMap<string, TypeCandidate>): string | null {
  for (const text of [line.summary, line.otherName]) {
    if (text === '') continue;
    for (const rule of BANK_KEYWORD_RULES) {
      if (!rule.words.some((w) => text.includes(w))) continue;
      const hit = rule.keys.map((k) => types.get(k)).find((t) => usable(t, line));
      if (hit) return hit.key;
    }
  }
  return null;
}

/** History key: one counterparty in one direction. */
export const historyKey = (otherName: string, type: 1 | 2): string => `${type}\u001f${otherName}`;

/**
 * A line's automatic type: (a) the type most recently used for the same counterparty and direction (history,
 * keyed by historyKey), when still usable; (b) the keyword rules; (c) '' (left for the user).
 */
export function autoBusinessType(line: LineToType, types: ReadonlyMap<string, TypeCandidate>, history: ReadonlyMap<string, string>): string {
  if (line.otherName !== '') {
    const used = history.get(historyKey(line.otherName, line.type));
    const t = used === undefined ? undefined : types.get(used);
    if (usable(t, line)) return t.key;
  }
  return keywordBusinessType(line, types) ?? '';
}
