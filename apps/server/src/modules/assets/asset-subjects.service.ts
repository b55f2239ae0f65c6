/**
 * The default expense leaves of the asset dialog: 管理费用-折旧费 (fixed assets) and 管理费用-摊销费 (the others).
 * The small-enterprise chart has them; the enterprise chart's 6602 管理费用 does not, so assetSubjectInit adds the
 * missing ones through the subjects module's attachChild (next free code of the company's scheme).
 */
import { ASSET_KINDS } from '@dzy/domain/assets/index';
import type { AssetListResult } from '@dzy/domain/contracts/assets.contract';
import { nextChildCode } from '@dzy/domain/ledger/index';
import type { Tx } from '../../db/client';
import { badRequest } from '../../http/envelope';
import { attachChild } from '../subjects/subject-children';
import { childrenOf, isUsed, listSubjects, lockSubject, subjectUsage } from '../subjects/subjects.repo';
import { requireAccountSet } from '../vouchers/ledger-guards';
import { defaultSubjects, logAsset, scopeOf, type AssetCtx } from './assets.service';

export const EXPENSE_LEAF_NAMES = ['折旧费', '摊销费'] as const;

export async function assetSubjectInit(tx: Tx, c: AssetCtx): Promise<AssetListResult['defaults']> {
  const k = scopeOf(c);
  const set = await requireAccountSet(tx, k);
  const admin = (await listSubjects(tx, k)).find((s) => s.level === 1 && s.name === '管理费用');
  if (!admin) throw badRequest('未找到科目管理费用，请先添加');
  const parent = await lockSubject(tx, { ...k, id: admin.id });
  if (!parent) throw badRequest('未找到科目管理费用，请先添加');
  // A leaf 管理费用 with postings would hand them to its first child; the accountant decides that in 科目设置.
  if (parent.isLeaf && isUsed(await subjectUsage(tx, { ...k, subjectIds: [parent.id] }))) {
    throw badRequest('管理费用已有凭证或余额，请在科目设置中添加折旧费、摊销费明细科目');
  }
  for (const name of EXPENSE_LEAF_NAMES) {
    const siblings = await childrenOf(tx, { ...k, parentId: parent.id });
    if (siblings.some((s) => s.name === name)) continue;
    const code = nextChildCode(parent.code, siblings.map((s) => s.code), set.codeLevels);
    if (code === null) throw badRequest('科目级次已达上限');
    const { row } = await attachChild(tx, k, parent, { code, name, direction: parent.direction, quantity: parent.quantity, unit: parent.unit, source: 'user' });
    await logAsset(tx, c, '新增科目', `subject:${row.id}`, `${code} ${name}（上级:${parent.code} ${parent.name}），资产默认费用科目`);
  }
  const defaults = defaultSubjects(await listSubjects(tx, k));
  for (const kind of ASSET_KINDS) if (defaults[`${kind}`].fySubjectId === null) throw badRequest('费用科目未能设置，请在科目设置中检查管理费用的明细科目');
  return defaults;
}
