/**
 * /batch/loginTaxBureau — 授权登录: the companies the user sees with their tax-bureau authorization state, and the
 * authorization dialog (授权 or 编辑登录信息) per company. A jump here may leave a search word (mobile or company
 * name) and a login method in sessionStorage 'dzy.loginTaxBureau' (spec 002 "Tax bureau login route").
 */
import { useMemo, useState } from 'react';
import { Button, Card, Flex, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import type { CompanyListItem } from '@dzy/domain/contracts/companies.contract';
import { companyKeepStatusKind, KEEP_STATUS_LABELS, mayUseTaxAuthorization, type KeepStatusKind } from '@dzy/domain/tax-auth/keep-status';
import { loginMethodLabel } from '@dzy/domain/tax-auth/login-methods';
import { useSession } from '../../session/session-context';
import { useCompanyList } from '../../companies/api';
import { useKeepStatuses } from '../api';
import { KeepStatusIcon } from '../components/keep-status-icon';
import { TaxAuthDialog } from '../components/tax-auth-dialog';

const JUMP_KEY = 'dzy.loginTaxBureau';
const STATE_OPTIONS: Array<{ value: KeepStatusKind | ''; label: string }> = [
  { value: '', label: '全部状态' },
  ...(Object.entries(KEEP_STATUS_LABELS) as Array<[KeepStatusKind, string]>).map(([value, label]) => ({ value, label })),
];

function jumpWord(): string {
  try {
    const raw = sessionStorage.getItem(JUMP_KEY);
    if (!raw) return '';
    sessionStorage.removeItem(JUMP_KEY);
    const v = JSON.parse(raw) as { name?: unknown };
    return typeof v.name === 'string' ? v.name : '';
  } catch {
    return '';
  }
}

export default function LoginTaxBureauPage() {
  const { info } = useSession();
  const allowed = mayUseTaxAuthorization({ isAdmin: info.user.isAdmin, primaryRouting: info.user.primaryRouting, orgId: info.user.orgId });
  const [name, setName] = useState(jumpWord);
  const [state, setState] = useState<KeepStatusKind | ''>('');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<{ id: number; name: string; mode: 'authorize' | 'edit' } | null>(null);
  const companies = useCompanyList({ status: '2', name, page: 1, limit: 1000 });
  const all = companies.data?.list ?? [];
  const rows = useMemo(() => (state === '' ? all : all.filter((c) => companyKeepStatusKind(c) === state)), [all, state]);
  const statuses = useKeepStatuses(useMemo(() => rows.slice((page - 1) * 20, page * 20).map((c) => c.id), [rows, page]));
  const byId = useMemo(() => new Map((statuses.data ?? []).map((s) => [s.comId, s])), [statuses.data]);

  const columns: TableColumnsType<CompanyListItem> = [
    { title: '公司名称', dataIndex: 'name', ellipsis: true },
    { title: '纳税人识别号', dataIndex: 'taxNo', width: 190 },
    { title: '所属地区', dataIndex: 'districtName', width: 100 },
    { title: '登录方式', key: 'loginMethod', width: 110, render: (_: unknown, c) => (c.loginMethod === null ? '未绑定' : loginMethodLabel(c.loginMethod)) },
    {
      title: '税局授权',
      key: 'keepStatus',
      width: 170,
      render: (_: unknown, c) => {
        const s = byId.get(c.id);
        return <KeepStatusIcon district={c.district} loginMethod={s?.loginMethod ?? c.loginMethod} keepStatus={s?.keepStatus ?? c.keepStatus} keepErr={s?.keepErr} showLabel />;
      },
    },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_: unknown, c) =>
        allowed && (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setTarget({ id: c.id, name: c.name, mode: 'authorize' })}>
              授权
            </Button>
            <Button type="link" size="small" onClick={() => setTarget({ id: c.id, name: c.name, mode: 'edit' })}>
              编辑登录信息
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <Card size="small" variant="borderless" data-testid="login-tax-bureau-page">
      <Flex gap={8} style={{ marginBottom: 12 }}>
        <Input.Search allowClear defaultValue={name} placeholder="公司名称 / 纳税人识别号" style={{ width: 280 }} onSearch={(v) => { setName(v.trim()); setPage(1); }} />
        <Select style={{ width: 160 }} value={state} options={STATE_OPTIONS} onChange={(v) => { setState(v); setPage(1); }} />
      </Flex>
      <Table<CompanyListItem>
        rowKey="id"
        size="small"
        bordered
        columns={columns}
        dataSource={rows}
        loading={companies.isFetching}
        locale={{ emptyText: '没有数据' }}
        pagination={{ current: page, pageSize: 20, total: rows.length, showSizeChanger: false, onChange: setPage, showTotal: (t) => `共 ${t} 家` }}
      />
      <TaxAuthDialog company={target} initialMode={target?.mode ?? 'authorize'} onClose={() => setTarget(null)} />
    </Card>
  );
}
