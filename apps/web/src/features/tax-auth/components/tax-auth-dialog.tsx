/**
 * 授权 dialog (spec 000 §2.7): title = company name + 授权; filter bar (登录方式, 用户名/手机号, 密码, 代理机构编号,
 * 查询); the company's login records with their actions. Two modes: 授权 (800px: authorize, SMS code, link) and
 * 编辑 (1200px: passwords shown, 添加绑定登录信息, 编辑, 取消绑定, 批量取消绑定). Page size 20 on the first
 * open, 10 after a close; table height 400; pagination only when there are records.
 */
import { useEffect, useState } from 'react';
import { App, Button, Flex, Input, Modal, Select, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { TaxLoginItem, TaxLoginListBody } from '@dzy/domain/contracts/tax-auth.contract';
import { authorizeBlocker, canEditLogin, canEnterSmsCode, smsModeLabel } from '@dzy/domain/tax-auth/keep-status';
import { LOGIN_METHOD_FILTERS, loginMethodLabel } from '@dzy/domain/tax-auth/login-methods';
import { inNoAuthProvince } from '@dzy/domain/regions/regions';
import { errorMessage } from '../../../lib/http';
import { useHasButton } from '../../session/session-context';
import { useAuthorizeTaxLogin, useTaxLoginList, useUnbindTaxLogins } from '../api';
import { AuthLinkDialog } from './auth-link-dialog';
import { KeepStatusIcon } from './keep-status-icon';
import { LoginFormDialog } from './login-form-dialog';
import { PriorityDialog } from './priority-dialog';
import { SmsCodeDialog } from './sms-code-dialog';

type Mode = 'authorize' | 'edit';
interface Filters {
  loginMethod: string;
  zzridno: string;
  zzrmn: string;
  idNo: string;
}
const NO_FILTERS: Filters = { loginMethod: '', zzridno: '', zzrmn: '', idNo: '' };

// Spec: 20 rows at first, 10 once the dialog has been closed.
let nextPageSize = 20;

export function TaxAuthDialog({ company, onClose, initialMode = 'authorize' }: { company: { id: number; name: string } | null; onClose: () => void; initialMode?: Mode }) {
  const { message, modal } = App.useApp();
  const canAuthorize = useHasButton('sddl_dl');
  const open = company !== null;
  const [mode, setMode] = useState<Mode>(initialMode);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(nextPageSize);
  const [selected, setSelected] = useState<number[]>([]);
  const [sms, setSms] = useState<{ login: TaxLoginItem; tel: string } | null>(null);
  const [priority, setPriority] = useState<TaxLoginItem[] | null>(null);
  const [form, setForm] = useState<{ login?: TaxLoginItem } | null>(null);
  const [link, setLink] = useState(false);

  useEffect(() => {
    if (!open) return;
    setMode(initialMode);
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
    setPage(1);
    setLimit(nextPageSize);
    setSelected([]);
  }, [open, company?.id, initialMode]);

  const query: TaxLoginListBody = { comId: company?.id ?? 0, page, limit, ...filters, edit: mode === 'edit' };
  const list = useTaxLoginList(query, open);
  const authorize = useAuthorizeTaxLogin();
  const unbind = useUnbindTaxLogins();
  const info = list.data?.company;
  const noLink = info ? inNoAuthProvince(info.district) : true;

  const close = () => {
    nextPageSize = 10;
    onClose();
  };

  const doAuthorize = async (row: TaxLoginItem) => {
    try {
      const r = await authorize.mutateAsync({ comId: row.comId, loginUserId: row.id, yzmType: row.yzmType, zzridno: row.zzridno, zzrmn: '', keepStatus: row.keepStatus });
      if (r.result === 2) {
        setSms({ login: { ...row, keepStatus: r.keepStatus }, tel: /^1[3-9]\d{9}$/.test(row.zzridno) ? row.zzridno : '' });
        void message.info(`验证码已发送至${r.tel}`);
      } else if (r.result === '1') void message.info('授权中');
      else if (r.result === 0) void message.success('授权成功');
      else void message.error(r.keepErr || '授权失败');
    } catch (err) {
      void message.error(errorMessage(err));
    }
  };

  const doUnbind = (ids: number[]) => {
    if (ids.length === 0) {
      void message.warning('请选择要取消绑定的信息');
      return;
    }
    modal.confirm({
      title: '取消绑定',
      content: ids.length > 1 ? `确定取消绑定选中的 ${ids.length} 条登录信息吗？` : '确定取消绑定该登录信息吗？',
      onOk: async () => {
        try {
          const r = await unbind.mutateAsync({ ids });
          setSelected([]);
          if (r.errCount === 0) void message.success('取消绑定成功');
          else if (r.successCount === 0 && ids.length === 1) void message.warning('该公司只有一种登录方式，不能取消绑定');
          else void message.warning(`取消绑定成功${r.successCount}条，失败${r.errCount}条：${r.errors.join('；')}`);
        } catch (err) {
          void message.error(errorMessage(err));
        }
      },
    });
  };

  const columns: TableColumnsType<TaxLoginItem> = [
    { title: '序号', key: 'index', width: 50, align: 'center', render: (_: unknown, __: TaxLoginItem, i: number) => (page - 1) * limit + i + 1 },
    {
      title: '登录方式',
      key: 'method',
      width: 110,
      render: (_: unknown, r) => (
        <Space size={4}>
          {loginMethodLabel(r.loginMethod, r.methodName)}
          {r.seq === 99 && <Tag color="gold" style={{ marginInlineEnd: 0 }}>优先</Tag>}
        </Space>
      ),
    },
    { title: '用户名/手机号', dataIndex: 'zzridno', width: 120, ellipsis: true },
    ...(mode === 'edit' ? [{ title: '密码', dataIndex: 'zzrmn', width: 110, ellipsis: true }] : []),
    { title: '代理机构编号', key: 'idNo', width: mode === 'edit' ? 170 : 100, ellipsis: true, render: (_: unknown, r: TaxLoginItem) => (r.loginMethod === '1' ? '' : r.idNo) },
    { title: '短信接收', key: 'yzmType', width: 70, align: 'center', render: (_: unknown, r: TaxLoginItem) => smsModeLabel(r.yzmType) },
    {
      title: '在线状态',
      key: 'keepStatus',
      width: 120,
      render: (_: unknown, r: TaxLoginItem) => <KeepStatusIcon district={info?.district ?? ''} loginMethod={r.loginMethod} keepStatus={r.keepStatus} keepErr={r.keepErr} showLabel />,
    },
    {
      title: '操作',
      key: 'actions',
      width: mode === 'edit' ? 360 : 180,
      fixed: mode === 'edit' ? 'right' : undefined,
      render: (_: unknown, r: TaxLoginItem) => {
        const blocker = authorizeBlocker({ zzridno: r.zzridno, hasPassword: r.hasPassword, loginMethod: r.loginMethod, keepStatus: r.keepStatus, hasButton: canAuthorize });
        return (
          <Space size={0} wrap={mode !== 'edit'}>
            <Button type="link" size="small" onClick={() => setPriority([r])}>
              设置优先
            </Button>
            {canAuthorize && canEnterSmsCode(r) && (
              <Button type="link" size="small" data-testid="tax-login-sms" onClick={() => setSms({ login: r, tel: /^1[3-9]\d{9}$/.test(r.zzridno) ? r.zzridno : '' })}>
                输入验证码
              </Button>
            )}
            <Tooltip title={blocker ?? undefined}>
              <Button type="link" size="small" disabled={blocker !== null} loading={authorize.isPending && authorize.variables.loginUserId === r.id} onClick={() => void doAuthorize(r)} data-testid="tax-login-authorize">
                授权
              </Button>
            </Tooltip>
            {mode === 'edit' && (
              <>
                <Button type="link" size="small" disabled={!canEditLogin(r.keepStatus)} onClick={() => setForm({ login: r })}>
                  编辑
                </Button>
                <Button type="link" size="small" danger onClick={() => doUnbind([r.loginComId])}>
                  取消绑定
                </Button>
              </>
            )}
            <Tooltip title={noLink ? '浙江、湖北地区无需授权' : undefined}>
              <Button type="link" size="small" disabled={noLink} onClick={() => setLink(true)}>
                获取授权链接
              </Button>
            </Tooltip>
          </Space>
        );
      },
    },
  ];

  const total = list.data?.total ?? 0;
  return (
    <Modal
      open={open}
      title={`${company?.name ?? ''}授权`}
      width={mode === 'edit' ? 1200 : 800}
      footer={null}
      onCancel={close}
      destroyOnHidden
      data-testid="tax-auth-dialog"
    >
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Select style={{ width: 110 }} value={draft.loginMethod} options={LOGIN_METHOD_FILTERS.map((o) => ({ ...o }))} onChange={(v) => setDraft({ ...draft, loginMethod: v })} aria-label="登录方式" />
        <Input style={{ width: 130 }} allowClear placeholder="用户名/手机号" value={draft.zzridno} onChange={(e) => setDraft({ ...draft, zzridno: e.target.value })} />
        <Input.Password style={{ width: 110 }} allowClear placeholder="密码" value={draft.zzrmn} onChange={(e) => setDraft({ ...draft, zzrmn: e.target.value })} />
        <Input style={{ width: 120 }} allowClear placeholder="代理机构编号" value={draft.idNo} onChange={(e) => setDraft({ ...draft, idNo: e.target.value })} />
        <Button
          type="primary"
          onClick={() => {
            setFilters({ ...draft, zzridno: draft.zzridno.trim(), idNo: draft.idNo.trim() });
            setPage(1);
          }}
        >
          查询
        </Button>
        <div style={{ flex: 1 }} />
        {mode === 'edit' ? (
          <>
            <Button type="primary" ghost onClick={() => setForm({})} data-testid="tax-login-add">
              添加绑定登录信息
            </Button>
            <Button danger onClick={() => doUnbind(selected)}>
              批量取消绑定
            </Button>
            <Button onClick={() => setMode('authorize')}>返回授权</Button>
          </>
        ) : (
          canAuthorize && (
            <Button onClick={() => setMode('edit')} data-testid="tax-login-edit-mode">
              编辑登录信息
            </Button>
          )
        )}
      </Flex>
      {list.isError && <div style={{ color: '#ff4d4f', marginBottom: 8 }}>{errorMessage(list.error)}</div>}
      <Table<TaxLoginItem>
        rowKey="loginComId"
        size="small"
        bordered
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content', y: 400 }}
        locale={{ emptyText: '没有数据' }}
        rowSelection={mode === 'edit' ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined}
        pagination={
          total > 0
            ? {
                current: page,
                pageSize: limit,
                total,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50],
                showTotal: (t) => `共 ${t} 条`,
                onChange: (p, s) => {
                  setPage(p);
                  setLimit(s);
                },
              }
            : false
        }
      />
      <SmsCodeDialog target={sms} onClose={() => setSms(null)} />
      <PriorityDialog rows={priority} onClose={() => setPriority(null)} />
      {info && <LoginFormDialog target={form} company={info} onClose={() => setForm(null)} />}
      {company && <AuthLinkDialog open={link} comId={company.id} onClose={() => setLink(false)} />}
    </Modal>
  );
}
