/**
 * /input/assets — 资产: fixed assets, intangible assets and long-term deferred expenses in kind tabs. Cards are added
 * and edited in the asset dialog (spec 002); 计提折旧 books the period's one depreciation voucher for every kind
 * and shows it in the voucher preview; a card can be cleared (disposal voucher), split and its history viewed.
 */
import { useMemo, useState } from 'react';
import { App, Button, Card, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { AssetItem } from '@dzy/domain/contracts/assets.contract';
import { ASSET_KIND_INFO, ASSET_KINDS, type AssetKind } from '@dzy/domain/assets/index';
import { formatMoney, toFen } from '@dzy/domain/ledger/money';
import { periodName } from '@dzy/domain/period/period';
import { VoucherPreviewDialog } from '../../../components/voucher-preview-dialog';
import { useWindowState } from '../../session/window-state';
import { useShowApiError } from '../../settle/settled-notice';
import { useSubjects } from '../../subjects/api';
import { assetKeys, useAssetList, useAssetTotals, useCancelDepreciation, useClearAsset, useDeleteAssets, useRunDepreciation } from '../api';
import { AssetHistoryDialog, AssetSplitDialog } from '../components/asset-card-dialogs';
import { AssetDialog } from '../components/asset-dialog';
import { GenericImportDialog } from '../../../components/generic-import-dialog';
import { useQueryClient } from '@tanstack/react-query';

const money = (v: string) => formatMoney(toFen(v));

export default function AssetsPage() {
  const { message } = App.useApp();
  const { period } = useWindowState();
  const [kind, setKind] = useState<AssetKind>(1);
  const [editing, setEditing] = useState<AssetItem | null | 'new'>(null);
  const [history, setHistory] = useState<AssetItem | null>(null);
  const [splitting, setSplitting] = useState<AssetItem | null>(null);
  const [preview, setPreview] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [importOpen, setImportOpen] = useState(false);
  const queryClient = useQueryClient();
  const list = useAssetList(kind);
  const totals = useAssetTotals();
  const subjects = useSubjects();
  const run = useRunDepreciation();
  const cancel = useCancelDepreciation();
  const clear = useClearAsset();
  const remove = useDeleteAssets();
  const showError = useShowApiError();
  const info = ASSET_KIND_INFO[kind];
  const booked = list.data?.run ?? null;
  const total = useMemo(() => totals.data?.find((t) => t.type === kind), [totals.data, kind]);

  const act = async <T,>(p: Promise<T>, ok: string): Promise<T | undefined> => {
    try {
      const r = await p;
      void message.success(ok);
      return r;
    } catch (err) {
      showError(err);
      return undefined;
    }
  };

  const doRun = async () => {
    const r = await act(run.mutateAsync({}), `${periodName(period)}折旧/摊销已计提`);
    if (r) setPreview(r.voucherId);
  };

  const columns = [
    { title: '资产名称', dataIndex: 'name', render: (v: string, a: AssetItem) => (a.clearedPeriod ? <Space>{v}<Tag>已清理</Tag></Space> : v) },
    { title: '资产类型', dataIndex: 'assetTypeName' },
    { title: '数量', dataIndex: 'count', align: 'right' as const },
    { title: '入账时间', dataIndex: 'transDate' },
    { title: `${info.verb}期限`, dataIndex: 'depreciationPeriods', align: 'right' as const },
    { title: '原值', dataIndex: 'originalValue', align: 'right' as const, render: money },
    { title: `累计${info.verb}`, dataIndex: 'accumulated', align: 'right' as const, render: money },
    { title: `本期${info.verb}`, dataIndex: 'periodAmount', align: 'right' as const, render: (v: string, a: AssetItem) => (a.periodBooked ? money(v) : <Typography.Text type="secondary">{money(v)}</Typography.Text>) },
    { title: '净值', dataIndex: 'netValue', align: 'right' as const, render: money },
    { title: '状态', dataIndex: 'status', render: (s: number) => (s === 2 ? <Tag color="orange">暂停</Tag> : <Tag color="green">正常</Tag>) },
    {
      title: '操作',
      key: 'op',
      render: (_: unknown, a: AssetItem) => (
        <Space size={4}>
          <Button size="small" type="link" disabled={a.clearedPeriod !== null} onClick={() => setEditing(a)}>
            编辑
          </Button>
          <Button size="small" type="link" onClick={() => setHistory(a)}>
            历史
          </Button>
          <Button size="small" type="link" disabled={a.clearedPeriod !== null} onClick={() => setSplitting(a)}>
            拆分
          </Button>
          <Popconfirm title={`确定清理「${a.name}」吗？将生成处置凭证。`} onConfirm={() => void act(clear.mutateAsync({ id: a.id }), '清理成功').then((r) => r && setPreview(r.voucherId))} disabled={a.clearedPeriod !== null}>
            <Button size="small" type="link" danger disabled={a.clearedPeriod !== null}>
              清理
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid="assets-page">
      <Tabs
        activeKey={String(kind)}
        onChange={(k) => {
          setKind(Number(k) === 2 ? 2 : Number(k) === 3 ? 3 : 1);
          setSelected([]);
        }}
        items={ASSET_KINDS.map((k) => ({ key: String(k), label: ASSET_KIND_INFO[k].name }))}
      />
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" onClick={() => setEditing('new')} data-testid="asset-add">
          新增{info.name}
        </Button>
        <Button onClick={() => setImportOpen(true)} data-testid="asset-import">
          导入
        </Button>
        <Button onClick={() => void doRun()} loading={run.isPending} data-testid="asset-run">
          {booked ? '重新计提折旧' : '计提折旧'}
        </Button>
        {booked && (
          <>
            <Button onClick={() => setPreview(booked.voucherId)}>查看折旧凭证</Button>
            <Popconfirm title="确定撤销本期折旧凭证吗？" onConfirm={() => void act(cancel.mutateAsync({}), '已撤销本期折旧')}>
              <Button loading={cancel.isPending}>撤销折旧</Button>
            </Popconfirm>
          </>
        )}
        <Popconfirm title={`确定删除选中的${selected.length}项资产吗？`} disabled={selected.length === 0} onConfirm={() => void act(remove.mutateAsync({ ids: selected }), '删除成功').then(() => setSelected([]))}>
          <Button danger disabled={selected.length === 0}>
            删除
          </Button>
        </Popconfirm>
        <Typography.Text type="secondary">
          {periodName(period)}
          {booked ? ` 已计提 ${money(booked.total)}` : ' 未计提'}
        </Typography.Text>
      </Space>
      <Table<AssetItem>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        columns={columns}
        pagination={false}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        locale={{ emptyText: `暂无${info.name}` }}
        summary={() =>
          total ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={6}>
                合计（{total.count}项）
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">{money(total.originalValue)}</Table.Summary.Cell>
              <Table.Summary.Cell index={7} align="right">{money(total.accumulated)}</Table.Summary.Cell>
              <Table.Summary.Cell index={8} align="right">{money(total.periodAmount)}</Table.Summary.Cell>
              <Table.Summary.Cell index={9} align="right">{money(total.netValue)}</Table.Summary.Cell>
              <Table.Summary.Cell index={10} colSpan={2} />
            </Table.Summary.Row>
          ) : null
        }
      />
      <AssetDialog
        open={editing !== null}
        kind={kind}
        period={period}
        asset={editing === 'new' ? null : editing}
        defaults={list.data?.defaults[String(kind) as '1' | '2' | '3']}
        subjects={subjects.data ?? []}
        onClose={() => setEditing(null)}
      />
      <AssetHistoryDialog asset={history} onClose={() => setHistory(null)} />
      <AssetSplitDialog asset={splitting} onClose={() => setSplitting(null)} />
      <VoucherPreviewDialog source={preview === null ? null : { id: preview }} onClose={() => setPreview(null)} />
      <GenericImportDialog
        open={importOpen}
        source="asset"
        onClose={() => setImportOpen(false)}
        onSuccess={() => {
          setImportOpen(false);
          void queryClient.invalidateQueries({ queryKey: assetKeys.all });
        }}
      />
    </Card>
  );
}
