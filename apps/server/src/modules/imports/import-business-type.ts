/**
 * The 业务类型 cell of an imported invoice line → a business type id of the company. The ONE place imports resolve
 * business types: names against the company's types of the direction's group (resolveBusinessTypes of the
 * business-types module, defaults materialised in the import's transaction).
 * A blank cell gets the direction's default: incoming 管理费用-办公费 (111, the most common expense invoice of a
 * small client), outgoing 主营业务收入 (201); when that default is stopped, the first type in use of the group.
 */
import type { InvoiceDirection } from '@dzy/domain/contracts/invoices.contract';
import type { Tx } from '../../db/client';
import { resolveBusinessTypes } from '../business-types/business-types.repo';

export const DEFAULT_IMPORT_BUSINESS_TYPE: Record<InvoiceDirection, number> = { 1: 111, 2: 201 };

export interface NamedBusinessType {
  id: number;
  name: string;
  path: readonly string[] | null;
  stopped: boolean;
}

export async function importBusinessTypes(tx: Tx, k: { orgId: number; companyId: number }, direction: InvoiceDirection): Promise<NamedBusinessType[]> {
  const lookup = await resolveBusinessTypes(tx, { ...k, groups: [direction === 1 ? 'in' : 'out'] });
  return lookup.all.map((t) => ({ id: t.id, name: t.name, path: t.path, stopped: t.stopped }));
}

const clean = (s: string) => s.replace(/[\s\u3000]/g, '').replace(/[—_/]/g, '-');

export function resolveImportBusinessType(types: readonly NamedBusinessType[], direction: InvoiceDirection, name: string): { ok: true; id: number } | { ok: false; msg: string } {
  const wanted = clean(name);
  if (!wanted) {
    const preferred = types.find((t) => t.id === DEFAULT_IMPORT_BUSINESS_TYPE[direction] && !t.stopped) ?? types.find((t) => !t.stopped);
    return preferred ? { ok: true, id: preferred.id } : { ok: false, msg: '请选择业务类型' };
  }
  // Full name ('管理费用-办公费'), else the last part alone ('办公费') when only one type ends so.
  const exact = types.find((t) => clean(t.name) === wanted);
  if (exact) return { ok: true, id: exact.id };
  const leaf = (t: NamedBusinessType) => (t.path && t.path.length > 0 ? t.path[t.path.length - 1] : clean(t.name).split('-').pop());
  const byLeaf = types.filter((t) => leaf(t) === wanted);
  if (byLeaf.length === 1 && byLeaf[0]) return { ok: true, id: byLeaf[0].id };
  return { ok: false, msg: `业务类型“${name.trim()}”不存在` };
}
