/**
 * The 税局授权 column for any company table, and the dialog it opens: a page adds `column` to its columns and
 * renders `dialog`. States come from one keepStatus call per page of rows (the server checks the bureau on read).
 */
import { useMemo, useState, type ReactNode } from 'react';
import type { TableColumnType } from 'antd';
import { mayUseTaxAuthorization } from '@dzy/domain/tax-auth/keep-status';
import { useSession } from '../../session/session-context';
import { useKeepStatuses } from '../api';
import { KeepStatusIcon } from './keep-status-icon';
import { TaxAuthDialog } from './tax-auth-dialog';

export interface KeepStatusCompany {
  id: number;
  name: string;
  district: string;
  keepStatus: number;
  loginMethod: string | null;
}

export function useKeepStatusColumn<T extends KeepStatusCompany>(rows: readonly T[]): { column: TableColumnType<T>; dialog: ReactNode } {
  const { info } = useSession();
  const allowed = mayUseTaxAuthorization({ isAdmin: info.user.isAdmin, primaryRouting: info.user.primaryRouting, orgId: info.user.orgId });
  const ids = useMemo(() => rows.map((r) => r.id), [rows]);
  const statuses = useKeepStatuses(ids);
  const byId = useMemo(() => new Map((statuses.data ?? []).map((s) => [s.comId, s])), [statuses.data]);
  const [target, setTarget] = useState<{ id: number; name: string } | null>(null);

  const column: TableColumnType<T> = {
    title: '税局授权',
    key: 'keepStatus',
    width: 80,
    align: 'center',
    render: (_: unknown, c: T) => {
      const s = byId.get(c.id);
      return (
        <KeepStatusIcon
          district={c.district}
          loginMethod={s?.loginMethod ?? c.loginMethod}
          keepStatus={s?.keepStatus ?? c.keepStatus}
          keepErr={s?.keepErr}
          onOpen={allowed ? () => setTarget({ id: c.id, name: c.name }) : undefined}
        />
      );
    },
  };
  const dialog = <TaxAuthDialog company={target} onClose={() => setTarget(null)} />;
  return { column, dialog };
}
