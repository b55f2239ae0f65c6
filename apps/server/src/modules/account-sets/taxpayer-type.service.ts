import type { z } from 'zod';
import type { ChangeTaxpayerTypeResult, SubjectRef, changeTaxpayerTypeBody } from '@dzy/domain/contracts/account-sets.contract';
import { COMPANY_TYPE_LABELS } from '@dzy/domain/contracts/companies.contract';
import { taxpayerTypeDiff } from '@dzy/domain/ledger/index';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { badRequest } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { companyType } from '../companies/company-mapper';
import type { CompanyRow } from '../companies/company-visibility';
import { attachChild } from '../subjects/subject-children';
import { subtreeOf } from '../subjects/subject-tree';
import { countSubjects, deleteSubjects, isUsed, listSubjects, lockSubject, subjectUsage, updateSubject, type CompanyKey } from '../subjects/subjects.repo';
import { requireAccountSet, updateCompanyLedgerFields } from './account-sets.repo';
import { toAccountSetInfo } from './account-sets.service';

/**
 * Switches a company between small-scale and general taxpayer and reshapes the VAT sub-accounts with it
 * (财会〔2016〕22号): the general taxpayer's 应交增值税 columns are added (the first column under a used
 * 应交增值税 takes over its postings, as for any first child), or removed when switching back — refused when one
 * of them carries postings or balances. One transaction.
 */
export async function changeTaxpayerType(
  db: Db,
  a: AuthContext,
  company: CompanyRow,
  v: z.output<typeof changeTaxpayerTypeBody>,
): Promise<ChangeTaxpayerTypeResult> {
  const from = companyType(company);
  return withTenant(db, a.orgId, async (tx) => {
    const k: CompanyKey = { orgId: a.orgId, companyId: company.id };
    const set = await requireAccountSet(tx, k);
    const standard = set.standard === 'enterprise' ? 'enterprise' : 'small';
    const added: SubjectRef[] = [];
    const removed: SubjectRef[] = [];
    if (from !== v.taxpayerType) {
      const diff = taxpayerTypeDiff(from, v.taxpayerType, standard, set.codeLevels);
      const rows = await listSubjects(tx, k);
      const byCode = new Map(rows.map((r) => [r.code, r]));

      for (const s of diff.remove) {
        const row = byCode.get(s.code);
        if (!row) continue;
        const ids = subtreeOf(rows, row.id);
        if (isUsed(await subjectUsage(tx, { ...k, subjectIds: ids }))) {
          throw badRequest(`科目「${row.code} ${row.name}」已有凭证或余额，不能切换纳税人类型`);
        }
        await deleteSubjects(tx, { ...k, ids });
        for (const id of ids) {
          const gone = rows.find((r) => r.id === id);
          if (gone) byCode.delete(gone.code);
        }
        removed.push({ code: row.code, name: row.name });
      }
      // A parent left without children posts again.
      const remaining = await listSubjects(tx, k);
      const parents = new Set(remaining.map((r) => r.parentId));
      for (const r of remaining) {
        if (!r.isLeaf && !parents.has(r.id)) await updateSubject(tx, { ...k, id: r.id }, { isLeaf: true });
      }

      for (const s of diff.add) {
        if (byCode.has(s.code) || s.parentCode === null) continue;
        const parentRow = byCode.get(s.parentCode);
        if (!parentRow) continue;
        const parent = await lockSubject(tx, { ...k, id: parentRow.id });
        if (!parent) continue;
        const { row } = await attachChild(tx, k, parent, {
          code: s.code,
          name: s.name,
          direction: s.direction,
          quantity: false,
          unit: '',
          source: 'standard',
        });
        byCode.set(row.code, row);
        added.push({ code: row.code, name: row.name });
      }
      await updateCompanyLedgerFields(tx, k, { type: v.taxpayerType });
      await logOperation(tx, {
        orgId: a.orgId,
        userId: a.userId,
        cnName: a.user.cnName,
        companyId: company.id,
        companyName: company.name,
        method: '修改纳税人类型',
        target: `company:${company.id}`,
        content: `${COMPANY_TYPE_LABELS[from]} → ${COMPANY_TYPE_LABELS[v.taxpayerType]}；新增科目${added.length}个，删除科目${removed.length}个`,
      });
    }
    return { info: toAccountSetInfo(company, set, await countSubjects(tx, k), v.taxpayerType), added, removed };
  });
}
