/**
 * Business types of invoice lines, checked against the company's own list (business-types module): the type
 * exists in the invoice's group and is not stopped (unless the invoice already used it), and a line linked to an
 * asset card (关联资产) carries an asset type of the card's kind.
 */
import { ASSET_CARD_KIND, isAssetKind } from '@dzy/domain/business-types/business-types';
import { INVOICE_MESSAGES } from '@dzy/domain/contracts/invoices.contract';
import type { Tx } from '../../db/client';
import { badRequest } from '../../http/envelope';
import { assetsByIds } from '../assets/assets.repo';
import { resolveBusinessTypes } from '../business-types/business-types.repo';

export const LINE_TYPE_MESSAGES = {
  stopped: (row: number) => `第${row}行业务类型已停用`,
  assetNotFound: (row: number) => `第${row}行关联的资产不存在`,
  assetWrongType: (row: number) => `第${row}行关联资产与业务类型不符`,
} as const;

export async function checkLineTypes(
  tx: Tx,
  k: { orgId: number; companyId: number },
  group: 'in' | 'out',
  lines: readonly { businessTypeId: number; assetId: number | null }[],
  alreadyUsed: ReadonlySet<number>,
): Promise<void> {
  const types = await resolveBusinessTypes(tx, { ...k, groups: [group] });
  const assetIds = [...new Set(lines.map((l) => l.assetId).filter((id): id is number => id !== null))];
  const cards = assetIds.length > 0 ? await assetsByIds(tx, k, assetIds) : [];
  lines.forEach((l, i) => {
    const row = i + 1;
    const bt = types.byRef(l.businessTypeId);
    if (!bt) throw badRequest(INVOICE_MESSAGES.businessTypeWrong(row));
    if (bt.stopped && !alreadyUsed.has(bt.id)) throw badRequest(LINE_TYPE_MESSAGES.stopped(row));
    if (l.assetId === null) return;
    const card = cards.find((c) => c.id === l.assetId);
    if (!card) throw badRequest(LINE_TYPE_MESSAGES.assetNotFound(row));
    if (!isAssetKind(bt.kind) || ASSET_CARD_KIND[bt.kind] !== card.kind) throw badRequest(LINE_TYPE_MESSAGES.assetWrongType(row));
  });
}
