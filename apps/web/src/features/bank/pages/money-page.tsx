/**
 * /input/money — 银行/资金: bank accounts (each bound to a 银行存款 subject), the period's statement lines with
 * their business type (set automatically on import, changeable per line or for the selected lines), the import
 * dialog, one-click vouchers for typed lines and the balance check of each account's statement against its
 * subject. A missing default subject opens the go-set prompt.
 */
import { useState } from 'react';
import { App, Button, Card, Popconfirm, Segmented, Space, Table, Tag, Typography } from 'antd';
import { type BankAccountItem, type BankDetailItem, type BankLineItem } from '@dzy/domain/contracts/bank.contract';
import { formatMoney, toFen } from '@dzy/domain/ledger/money';
import { periodName } from '@dzy/domain/period/period';
import { BankImportDialog } from '../../../components/bank-import-dialog';
import { BusinessTypeSelect } from '../../../components/business-type-select';
import { useMissingSettingPrompt } from '../../../components/missing-setting-prompt';
import { useWindowState } from '../../session/window-state';
import { useShowApiError } from '../../settle/settled-notice';
import { useBankAccounts, useBankDetail, useBankLines, useBatchSaveBankLines, useCreateBankVouchers, useDeleteBankAccount, useDeleteBankLines, useSaveBankLine } from '../api';
import { BankAccountDialog } from '../components/bank-account-dialog';
import { BatchBusinessTypeDialog } from '../components/batch-business-type-dialog';

const money = (v: string | null) => (v === null ? '—' : formatMoney(toFen(v)));

export default function MoneyPage() {
  const { message } = App.useApp();
  const { period } = useWindowState();
  const [accountId, setAccountId] = useState<number | undefined>(undefined);
  const [status, setStatus] = useState<0 | 1 | 2>(0);
  const [editing, setEditing] = useState<BankAccountItem | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [batchTyping, setBatchTyping] = useState(false);
  const accounts = useBankAccounts();
  const lines = useBankLines(accountId, status);
  const detail = useBankDetail();
  const saveLine = useSaveBankLine();
  const batchSave = useBatchSaveBankLines();
  const delLines = useDeleteBankLines();
  const delAccount = useDeleteBankAccount();
  const createVouchers = useCreateBankVouchers();
  const showError = useShowApiError();
  const prompt = useMissingSettingPrompt();
  const current = accounts.data?.find((a) => a.id === accountId);

  const run = async <T,>(p: Promise<T>, ok: string): Promise<T | undefined> => {
    try {
      const r = await p;
      void message.success(ok);
      return r;
    } catch (err) {
      if (!prompt.show(err)) showError(err);
      return undefined;
    }
  };

  const generate = async () => {
    const r = await run(createVouchers.mutateAsync({ period, ids: selected.length > 0 ? selected : undefined }), '生成成功');
    if (r) setSelected([]);
  };

  const batchType = async (businessType: string) => {
    const r = await run(batchSave.mutateAsync({ ids: selected, businessType }), '设置成功');
    if (r) {
      setBatchTyping(false);
      setSelected([]);
    }
  };

  const lineColumns = [
    { title: '交易日期', dataIndex: 'transDate', width: 110 },
    { title: '银行', dataIndex: 'bankName', width: 120 },
    { title: '摘要', dataIndex: 'summary' },
    { title: '对方户名', dataIndex: 'otherName' },
    { title: '收入', key: 'in', align: 'right' as const, render: (_: unknown, l: BankLineItem) => (l.type === 1 ? money(l.amount) : '') },
    { title: '支出', key: 'out', align: 'right' as const, render: (_: unknown, l: BankLineItem) => (l.type === 2 ? money(l.amount) : '') },
    { title: '余额', dataIndex: 'bankAmount', align: 'right' as const, render: money },
    {
      title: '业务类型',
      key: 'bt',
      width: 150,
      render: (_: unknown, l: BankLineItem) => (
        <BusinessTypeSelect
          group="bank"
          direction={l.type}
          size="small"
          style={{ width: 130 }}
          allowClear
          disabled={l.voucherId !== null}
          value={l.businessType || undefined}
          onChange={(v) => void run(saveLine.mutateAsync({ id: l.id, businessType: v === undefined ? '' : String(v) }), '保存成功')}
          testId={`bank-bt-${l.id}`}
        />
      ),
    },
    { title: '凭证', dataIndex: 'voucherNo', width: 80, render: (v: string) => (v ? <Tag color="blue">{v}</Tag> : <Typography.Text type="secondary">未生成</Typography.Text>) },
  ];

  const detailColumns = [
    { title: '银行', dataIndex: 'bankName' },
    { title: '科目', dataIndex: 'subjectName' },
    { title: '本期收入', dataIndex: 'inSum', align: 'right' as const, render: money },
    { title: '本期支出', dataIndex: 'outSum', align: 'right' as const, render: money },
    { title: '未生成凭证', dataIndex: 'uncovered', align: 'right' as const },
    { title: '对账单余额', dataIndex: 'statementBalance', align: 'right' as const, render: money },
    { title: '账面余额', dataIndex: 'bookBalance', align: 'right' as const, render: money },
    {
      title: '差额',
      key: 'diff',
      align: 'right' as const,
      render: (_: unknown, d: BankDetailItem) => (d.balanced === null ? '—' : d.balanced ? <Tag color="green">平</Tag> : <Tag color="red">{money(d.difference)}</Tag>),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card
        size="small"
        title="银行账户"
        extra={
          <Button type="primary" onClick={() => setEditing('new')} data-testid="bank-account-add">
            新增账户
          </Button>
        }
      >
        <Space wrap>
          <Segmented
            value={accountId ?? 0}
            onChange={(v) => setAccountId(v === 0 ? undefined : Number(v))}
            options={[{ value: 0, label: '全部' }, ...(accounts.data ?? []).map((a) => ({ value: a.id, label: `${a.name}（${a.subjectName}）` }))]}
          />
          {current && (
            <>
              <Button size="small" onClick={() => setEditing(current)}>
                修改
              </Button>
              <Popconfirm title="确定删除该银行账户吗？" onConfirm={() => void run(delAccount.mutateAsync({ id: current.id }), '删除成功').then(() => setAccountId(undefined))}>
                <Button size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            </>
          )}
        </Space>
      </Card>

      <Card
        size="small"
        title={`${periodName(period)}银行流水`}
        extra={
          <Space>
            <Segmented value={status} onChange={(v) => setStatus(v as 0 | 1 | 2)} options={[{ value: 0, label: '全部' }, { value: 1, label: '未生成凭证' }, { value: 2, label: '已生成凭证' }]} />
            <Button disabled={!current} title={current ? '' : '请先选择银行账户'} onClick={() => setImporting(true)} data-testid="bank-import-open">
              导入流水
            </Button>
            <Button disabled={selected.length === 0} onClick={() => setBatchTyping(true)} data-testid="bank-batch-bt-open">
              批量设置业务类型
            </Button>
            <Popconfirm title={`确定删除选中的${selected.length}条流水吗？`} disabled={selected.length === 0} onConfirm={() => void run(delLines.mutateAsync({ ids: selected }), '删除成功').then(() => setSelected([]))}>
              <Button danger disabled={selected.length === 0}>
                删除
              </Button>
            </Popconfirm>
            <Button type="primary" loading={createVouchers.isPending} onClick={() => void generate()} data-testid="bank-create-voucher">
              {selected.length > 0 ? `选中流水生成凭证` : '一键生成凭证'}
            </Button>
          </Space>
        }
      >
        <Table<BankLineItem>
          rowKey="id"
          size="small"
          loading={lines.isLoading}
          dataSource={lines.data?.list ?? []}
          columns={lineColumns}
          pagination={{ pageSize: 50, showSizeChanger: false }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), getCheckboxProps: (l) => ({ disabled: l.voucherId !== null }) }}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={5}>
                合计
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                {money(lines.data?.inSum ?? '0')}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                {money(lines.data?.outSum ?? '0')}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7} colSpan={3} />
            </Table.Summary.Row>
          )}
        />
      </Card>

      <Card size="small" title="银行对账（对账单余额与银行存款科目账面余额）">
        <Table<BankDetailItem> rowKey="bankNameId" size="small" loading={detail.isLoading} dataSource={detail.data ?? []} columns={detailColumns} pagination={false} />
      </Card>

      {editing && <BankAccountDialog account={editing} onClose={() => setEditing(null)} />}
      {current && (
        <BankImportDialog open={importing} bankNameId={current.id} onClose={() => setImporting(false)} onSuccess={() => setImporting(false)} />
      )}
      {batchTyping && (
        <BatchBusinessTypeDialog
          lines={(lines.data?.list ?? []).filter((l) => selected.includes(l.id))}
          saving={batchSave.isPending}
          onOk={(v) => void batchType(v)}
          onClose={() => setBatchTyping(false)}
        />
      )}
      {prompt.element}
    </Space>
  );
}
