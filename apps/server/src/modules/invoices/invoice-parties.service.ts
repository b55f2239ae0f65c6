/**
 * Buyers (购买方纳税人) and the company's seller record (销方信息维护), spec 001 dialogs and §5 messages. Buyers carry
 * the pinyin initials of their name as short code for quick search. Every write is logged in its transaction.
 */
import type { z } from 'zod';
import { pinyin } from 'pinyin-pro';
import {
  checkBuyer,
  checkSeller,
  PARTY_MESSAGES,
  type BuyerItem,
  type saveBuyerBody,
  type saveSellerBody,
  type SellerInfo,
} from '@dzy/domain/contracts/invoices.contract';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/envelope';
import { logOperation } from '../audit/operation-log.repo';
import type { InvoiceActor } from './invoice-common';
import { deleteParty, findParty, insertParty, listParties, PARTY_KIND, partyNameTaken, updateParty, type PartyRow } from './invoice-parties.repo';

type PartyActor = Omit<InvoiceActor, 'period'> & { companyTaxNo: string };

/** 杭州甲商贸 → 'hzjsm'; letters and digits of the name are kept as they are (lower case). */
export function shortCodeOf(name: string): string {
  return pinyin(name, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' })
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 200);
}

const toBuyer = (r: PartyRow): BuyerItem => ({
  id: r.id,
  name: r.name,
  taxNo: r.taxNo,
  shortCode: r.shortCode,
  address: r.address,
  tel: r.tel,
  bankName: r.bankName,
  bankAccount: r.bankAccount,
  email: r.email,
});

const log = (a: PartyActor, method: string, target: string, content: string) => ({
  orgId: a.orgId,
  userId: a.userId,
  cnName: a.cnName,
  companyId: a.companyId,
  companyName: a.companyName,
  method,
  target,
  content,
});

export async function buyerList(db: Db, a: PartyActor, keyword: string): Promise<{ list: BuyerItem[] }> {
  return withTenant(db, a.orgId, async (tx) => ({
    list: (await listParties(tx, { orgId: a.orgId, companyId: a.companyId, kind: PARTY_KIND.buyer, keyword: keyword.toLowerCase() })).map(toBuyer),
  }));
}

export async function saveBuyer(db: Db, a: PartyActor, v: z.output<typeof saveBuyerBody>): Promise<BuyerItem> {
  const problem = checkBuyer(v);
  if (problem) throw badRequest(problem);
  const scope = { orgId: a.orgId, companyId: a.companyId, kind: PARTY_KIND.buyer };
  return withTenant(db, a.orgId, async (tx) => {
    const existing = v.id ? await findParty(tx, { ...scope, id: v.id }) : undefined;
    if (v.id && !existing) throw notFound(PARTY_MESSAGES.buyerNotFound);
    if (await partyNameTaken(tx, { ...scope, name: v.name, exceptId: existing?.id })) throw conflict(PARTY_MESSAGES.buyerTaken);
    const values = { name: v.name, taxNo: v.taxNo, shortCode: shortCodeOf(v.name), address: v.address, tel: v.tel, bankName: v.bankName, bankAccount: v.bankAccount, email: v.email };
    let id: number;
    if (existing) {
      id = existing.id;
      await updateParty(tx, { orgId: a.orgId, id }, values);
    } else {
      id = await insertParty(tx, { ...scope, ...values });
    }
    await logOperation(tx, log(a, existing ? '修改购买方' : '新增购买方', `invoice-party:${id}`, `${v.name} ${v.taxNo}`));
    return toBuyer({ ...(existing ?? { orgId: a.orgId, companyId: a.companyId, kind: PARTY_KIND.buyer, payee: '', reviewer: '', issuer: '', updatedAt: new Date() }), ...values, id });
  });
}

export async function delBuyer(db: Db, a: PartyActor, id: number): Promise<null> {
  return withTenant(db, a.orgId, async (tx) => {
    const existing = await findParty(tx, { orgId: a.orgId, companyId: a.companyId, kind: PARTY_KIND.buyer, id });
    if (!existing) throw notFound(PARTY_MESSAGES.buyerNotFound);
    await deleteParty(tx, { orgId: a.orgId, id });
    await logOperation(tx, log(a, '删除购买方', `invoice-party:${id}`, existing.name));
    return null;
  });
}

function toSeller(a: PartyActor, r: PartyRow | undefined): SellerInfo {
  return {
    name: a.companyName,
    taxNo: a.companyTaxNo,
    address: r?.address ?? '',
    tel: r?.tel ?? '',
    bankName: r?.bankName ?? '',
    bankAccount: r?.bankAccount ?? '',
    payee: r?.payee ?? '',
    reviewer: r?.reviewer ?? '',
    issuer: r?.issuer ?? '',
    saved: r !== undefined,
  };
}

export async function sellerInfo(db: Db, a: PartyActor): Promise<SellerInfo> {
  return withTenant(db, a.orgId, async (tx) => toSeller(a, await findParty(tx, { orgId: a.orgId, companyId: a.companyId, kind: PARTY_KIND.seller })));
}

/** The seller's name and tax number are the company's own; the rest is kept in the one seller row. */
export async function saveSeller(db: Db, a: PartyActor, v: z.output<typeof saveSellerBody>): Promise<SellerInfo> {
  const problem = checkSeller(v);
  if (problem) throw badRequest(problem);
  const scope = { orgId: a.orgId, companyId: a.companyId, kind: PARTY_KIND.seller };
  return withTenant(db, a.orgId, async (tx) => {
    const existing = await findParty(tx, scope);
    const values = { name: a.companyName.slice(0, 200), taxNo: a.companyTaxNo, ...v };
    if (existing) await updateParty(tx, { orgId: a.orgId, id: existing.id }, values);
    else await insertParty(tx, { ...scope, ...values });
    await logOperation(tx, log(a, '保存销方信息', `company:${a.companyId}`, `${v.payee}/${v.reviewer}/${v.issuer}`));
    return toSeller(a, { ...(existing ?? { orgId: a.orgId, companyId: a.companyId, kind: PARTY_KIND.seller, id: 0, shortCode: '', email: '', updatedAt: new Date() }), ...values });
  });
}
