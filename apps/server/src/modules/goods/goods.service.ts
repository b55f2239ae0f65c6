/**
 * Goods (商品) of a company: list, save (new / edit), save in bulk, delete, and 智能赋码. Spec 001 §5 rules come from
 * the contract's checkGoods; a code the loaded table knows as a summary row (汇总项) is refused. Every write is one
 * transaction with its operation-log entry.
 */
import { pinyin } from 'pinyin-pro';
import {
  checkGoods,
  GOODS_MESSAGES,
  goodsInput,
  type GoodsItem,
  type GoodsValues,
} from '@dzy/domain/contracts/goods.contract';
import { formatRate } from '@dzy/domain/invoices/index';
import { smartCodeCandidates, smartCodeText, type TaxClassificationTable } from '@dzy/domain/tax-classification/index';
import type { Db, Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/envelope';
import { logOperation } from '../audit/operation-log.repo';
import {
  clearDefaultGoods,
  deleteGoods,
  findGoods,
  goodsHistory,
  goodsTaken,
  insertGoods,
  listGoods,
  updateGoods,
  type GoodsInsert,
  type GoodsRow,
} from './goods.repo';

export interface GoodsActor {
  orgId: number;
  userId: number;
  cnName: string;
  companyId: number;
  companyName: string;
}

const plain = (numeric: string | null): string => (numeric === null ? '' : numeric.includes('.') ? numeric.replace(/\.?0+$/, '') : numeric);

export const toGoodsItem = (r: GoodsRow): GoodsItem => ({
  id: r.id,
  shortCode: r.shortCode,
  name: r.name,
  name2: r.name2,
  shortName: r.shortName,
  spjm: r.spjm,
  spec: r.spec,
  unit: r.unit,
  price: plain(r.price),
  sl: r.rateBp / 10000,
  rate: formatRate(r.rateBp),
  yhStatus: r.yhStatus,
  yhText: r.yhText,
  mslx: r.mslx,
  hsbz: r.hsbz,
  mrsp: r.mrsp,
});

/** 矿泉水 → 'kqs': pinyin initials, letters and digits kept, for search. */
function initials(name: string): string {
  return pinyin(name, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' })
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 100);
}

/** Checked column values of one goods form, or the Chinese message of the first broken rule. */
function columnsOf(v: GoodsValues, table: TaxClassificationTable): { msg: string } | { values: Omit<GoodsInsert, 'orgId' | 'companyId'> } {
  const checked = checkGoods(v);
  if ('msg' in checked) return checked;
  if (table.get(v.shortCode)?.isSummary) return { msg: GOODS_MESSAGES.summaryCode };
  return {
    values: {
      shortCode: v.shortCode,
      name: v.name,
      name2: v.name2,
      shortName: v.shortName || initials(v.name),
      spjm: v.spjm,
      spec: v.spec,
      unit: v.unit,
      price: v.price || null,
      rateBp: checked.bp,
      yhStatus: v.yhStatus,
      yhText: v.yhStatus ? v.yhText : '',
      mslx: v.mslx,
      hsbz: v.hsbz,
      mrsp: v.mrsp,
    },
  };
}

const log = (a: GoodsActor, method: string, target: string, content: string) => ({
  orgId: a.orgId,
  userId: a.userId,
  cnName: a.cnName,
  companyId: a.companyId,
  companyName: a.companyName,
  method,
  target,
  content,
});

export async function goodsList(db: Db, a: GoodsActor, keyword: string): Promise<{ list: GoodsItem[] }> {
  return withTenant(db, a.orgId, async (tx) => ({ list: (await listGoods(tx, { orgId: a.orgId, companyId: a.companyId, keyword })).map(toGoodsItem) }));
}

export async function saveGoods(db: Db, a: GoodsActor, table: TaxClassificationTable, v: GoodsValues): Promise<{ info: GoodsItem }> {
  const cols = columnsOf(v, table);
  if ('msg' in cols) throw badRequest(cols.msg);
  const scope = { orgId: a.orgId, companyId: a.companyId };
  return withTenant(db, a.orgId, async (tx) => {
    const existing = v.id ? (await findGoods(tx, { ...scope, ids: [v.id] }))[0] : undefined;
    if (v.id && !existing) throw notFound(GOODS_MESSAGES.notFound);
    if (await goodsTaken(tx, { ...scope, name: cols.values.name, spec: cols.values.spec ?? '', exceptId: existing?.id })) throw conflict(GOODS_MESSAGES.taken);
    if (cols.values.mrsp === 1) await clearDefaultGoods(tx, scope);
    const row = existing ? await updateGoods(tx, { orgId: a.orgId, id: existing.id }, cols.values) : (await insertGoods(tx, [{ ...scope, ...cols.values }]))[0];
    if (!row) throw new Error('goods insert failed');
    await logOperation(tx, log(a, existing ? '修改商品' : '新增商品', `goods:${row.id}`, `${row.name} ${row.spec} ${row.shortCode}`));
    return { info: toGoodsItem(row) };
  });
}

/** 批量新增商品: all or nothing; a bad row answers '第N行：…' and nothing is stored. */
export async function saveGoodsBatch(db: Db, a: GoodsActor, table: TaxClassificationTable, list: unknown[]): Promise<{ count: number; list: GoodsItem[] }> {
  const scope = { orgId: a.orgId, companyId: a.companyId };
  const rows: GoodsInsert[] = [];
  const seen = new Set<string>();
  for (const [i, raw] of list.entries()) {
    const parsed = goodsInput.safeParse(raw);
    const cols = parsed.success ? columnsOf(parsed.data, table) : { msg: parsed.error.issues[0]?.message ?? GOODS_MESSAGES.name };
    if ('msg' in cols) throw badRequest(`第${i + 1}行：${cols.msg}`);
    const key = `${cols.values.name}\u0000${cols.values.spec ?? ''}`;
    if (seen.has(key)) throw badRequest(`第${i + 1}行：${GOODS_MESSAGES.taken}`);
    seen.add(key);
    rows.push({ ...scope, ...cols.values, mrsp: 0 });
  }
  return withTenant(db, a.orgId, async (tx: Tx) => {
    for (const [i, r] of rows.entries()) {
      if (await goodsTaken(tx, { ...scope, name: r.name, spec: r.spec ?? '' })) throw conflict(`第${i + 1}行：${GOODS_MESSAGES.taken}`);
    }
    const saved = await insertGoods(tx, rows);
    await logOperation(tx, log(a, '批量新增商品', `company:${a.companyId}`, `${saved.length} 个商品：${saved.slice(0, 20).map((r) => r.name).join('、')}`));
    return { count: saved.length, list: saved.map(toGoodsItem) };
  });
}

export async function delGoods(db: Db, a: GoodsActor, ids: number[]): Promise<null> {
  const scope = { orgId: a.orgId, companyId: a.companyId };
  return withTenant(db, a.orgId, async (tx) => {
    const found = await findGoods(tx, { ...scope, ids });
    if (found.length !== new Set(ids).size) throw notFound(GOODS_MESSAGES.notFound);
    await deleteGoods(tx, { ...scope, ids });
    await logOperation(tx, log(a, '删除商品', `company:${a.companyId}`, found.map((r) => `${r.id} ${r.name}`).join('、')));
    return null;
  });
}

/** 智能赋码: candidates 'name--code--ratio', the company's own goods first, then the org's, then the table. */
export async function smartCode(db: Db, a: GoodsActor, table: TaxClassificationTable, name: string): Promise<{ list: string[] }> {
  if (!name) throw badRequest(GOODS_MESSAGES.name);
  const history = await withTenant(db, a.orgId, (tx) => goodsHistory(tx, { orgId: a.orgId }));
  const own = history.filter((h) => h.companyId === a.companyId);
  const org = history.filter((h) => h.companyId !== a.companyId);
  return { list: smartCodeCandidates(name, { own, org, table }).map(smartCodeText) };
}
