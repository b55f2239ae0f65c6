import type { TaxBureauAuthGateway } from '../../gateways/tax-bureau/tax-bureau-auth.gateway';
import type { Tx } from '../../db/client';
import { KEEP_STATUS_LABELS, keepStatusKind } from '@dzy/domain/tax-auth/keep-status';
import { logOperation } from '../audit/operation-log.repo';
import { companyIdsOfLogin, syncCompanyStatus, updateLogin, type TaxLoginRow } from './tax-auth.repo';

/**
 * Check-on-read: asks the bureau what became of logins in a passing state (an automatic code went through, a
 * code expired, a session dropped offline), stores the new states, moves the companies' keep_status along and
 * logs each change as a system entry. Returns the rows as they now are.
 */
export async function refreshLogins(tx: Tx, bureau: TaxBureauAuthGateway, orgId: number, logins: TaxLoginRow[], now: Date): Promise<TaxLoginRow[]> {
  const out: TaxLoginRow[] = [];
  const touched = new Set<number>();
  for (const login of logins) {
    const next = bureau.refresh({ orgId, loginId: login.id, zzridno: login.zzridno, keepStatus: login.keepStatus, statusAt: login.statusAt }, now);
    if (!next || (next.keepStatus === login.keepStatus && next.keepErr === login.keepErr)) {
      out.push(login);
      continue;
    }
    await updateLogin(tx, { orgId, id: login.id }, { keepStatus: next.keepStatus, keepErr: next.keepErr, statusAt: now });
    for (const id of await companyIdsOfLogin(tx, { orgId, loginId: login.id })) touched.add(id);
    await logOperation(tx, {
      orgId,
      userId: null,
      cnName: '系统',
      method: '税局授权状态变更',
      target: `taxLogin:${login.id}`,
      content: `${login.zzridno}：${KEEP_STATUS_LABELS[keepStatusKind(login.keepStatus)]} → ${KEEP_STATUS_LABELS[keepStatusKind(next.keepStatus)]}${next.keepErr ? `（${next.keepErr}）` : ''}`,
    });
    out.push({ ...login, keepStatus: next.keepStatus, keepErr: next.keepErr, statusAt: now });
  }
  await syncCompanyStatus(tx, { orgId, companyIds: [...touched] });
  return out;
}
