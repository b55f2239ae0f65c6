/**
 * /input/invoice — 发票: tabs 进项 / 销项 with the period's invoices and their sums, add / edit / delete, and one
 * click to generate a voucher for every invoice of the period without one. A missing subject setting opens the
 * go-set prompt; a settled period links to reverse settlement.
 */
import { useMemo, useState } from 'react';
import { App, Button, Card, Dropdown, Flex, Input, Popconfirm, Select, Space, Statistic, Table, Tabs, Tag, Typography } from 'antd';
import { DownOutlined, PlusOutlined, ReloadOutlined, ThunderboltOutlined, UploadOutlined } from '@ant-design/icons';
import { CERT_STATUS_LABELS, type InvoiceDirection, type InvoiceListItem } from '@dzy/domain/contracts/invoices.contract';
import { useShowApiError } from '../../settle/settled-notice';
import { useWindowState } from '../../session/window-state';
import { invoiceKeys, useDeleteInvoices, useGenerateVouchers, useInOutSum, useInvoiceList, type InvoiceListQuery } from '../api';
import { useQueryClient } from '@tanstack/react-query';
import { SellerDialog } from '../../../components/buyer-seller-dialog';
import { InvoiceFormDialog } from '../components/invoice-form-dialog';
import { GoodsTab } from '../../goods/components/goods-tab';
import { useMissingSettingPrompt } from '../../../components/missing-setting-prompt';
import { GenericImportDialog } from '../../../components/generic-import-dialog';
import { VoucherPreviewDialog } from '../../../components/voucher-preview-dialog';

const VOUCHER_FILTER = [
  { value: 0, label: '全部' },
  { value: 1, label: '未生成凭证' },
  { value: 2, label: '已生成凭证' },
];

function InvoiceTab({ direction }: { direction: InvoiceDirection }) {
  const { message } = App.useApp();
  const { period } = useWindowState();
  const showError = useShowApiError();
  const missing = useMissingSettingPrompt();
  const [q, setQ] = useState<InvoiceListQuery>({ keyword: '', voucherStatus: 0, page: 1, pageSize: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [sellerOpen, setSellerOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const list = useInvoiceList(direction, q);
  const del = useDeleteInvoices(direction);
  const generate = useGenerateVouchers();
  const who = direction === 1 ? '销售方' : '购买方';

  const run = async (action: () => Promise<unknown>, ok: string) => {
    try {
      await action();
      void message.success(ok);
      setSelected([]);
    } catch (err) {
      if (!missing.show(err)) showError(err);
    }
  };

  const columns = useMemo(
    () => [
      { title: '发票类型', dataIndex: 'typeName', width: 150 },
      { title: '发票代码', dataIndex: 'invoiceCode', width: 120 },
      {
        title: '发票号码',
        dataIndex: 'invoiceNumber',
        width: 190,
        render: (v: string, r: InvoiceListItem) => (
          <a onClick={() => setEditing({ id: r.id })} data-testid="invoice-open">
            {v}
          </a>
        ),
      },
      { title: '开票日期', dataIndex: 'invoiceDate', width: 110 },
      { title: who, dataIndex: 'counterpartyName', ellipsis: true },
      { title: '金额', dataIndex: 'amount', width: 120, align: 'right' as const },
      { title: '税额', dataIndex: 'tax', width: 110, align: 'right' as const },
      { title: '价税合计', dataIndex: 'total', width: 120, align: 'right' as const },
      ...(direction === 1
        ? [{ title: '认证', dataIndex: 'certStatus', width: 80, render: (v: number, r: InvoiceListItem) => (r.deductible ? <Tag color={v === 1 ? 'green' : 'orange'}>{CERT_STATUS_LABELS[v]}</Tag> : '—') }]
        : []),
      {
        title: '凭证',
        dataIndex: 'voucherNoText',
        width: 90,
        render: (v: string, r: InvoiceListItem) =>
          v ? (
            <Tag color="blue" style={{ cursor: 'pointer' }} onClick={() => setPreviewId(r.voucherId)} data-testid="invoice-voucher">
              {v}
            </Tag>
          ) : (
            <Typography.Text type="secondary">未生成</Typography.Text>
          ),
      },
    ],
    [direction, who],
  );

  const data = list.data;
  return (
    <>
      {missing.element}
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={`${who}名称或发票号码`}
            style={{ width: 240 }}
            onSearch={(keyword) => setQ({ ...q, keyword, page: 1 })}
          />
          <Select style={{ width: 130 }} value={q.voucherStatus} options={VOUCHER_FILTER} onChange={(voucherStatus) => setQ({ ...q, voucherStatus, page: 1 })} />
        </Space>
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })} data-testid={`invoice-add-${direction}`}>
            新增{direction === 1 ? '进项' : '销项'}发票
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)} data-testid={`invoice-import-${direction}`}>
            导入
          </Button>
          <Space.Compact>
            <Button
              icon={<ThunderboltOutlined />}
              loading={generate.isPending}
              onClick={() => void run(async () => generate.mutateAsync({ direction, merge: false }), '生成成功')}
              data-testid={`invoice-generate-${direction}`}
            >
              一键生成凭证
            </Button>
            <Dropdown
              menu={{
                items: [{ key: 'merge', label: '合并生成（一张凭证）' }],
                onClick: () => void run(async () => generate.mutateAsync({ direction, merge: true }), '生成成功'),
              }}
            >
              <Button icon={<DownOutlined />} aria-label="生成方式" />
            </Dropdown>
          </Space.Compact>
          <Popconfirm title={`确定删除选中的${selected.length}张发票吗？`} disabled={selected.length === 0} onConfirm={() => void run(() => del.mutateAsync(selected), '删除成功')}>
            <Button danger disabled={selected.length === 0} loading={del.isPending}>
              删除
            </Button>
          </Popconfirm>
          {direction === 2 && (
            <Button onClick={() => setSellerOpen(true)} data-testid="invoice-seller">
              销方信息
            </Button>
          )}
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} />
        </Space>
      </Flex>
      <Table<InvoiceListItem>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={data?.list ?? []}
        columns={columns}
        data-testid={`invoice-table-${direction}`}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={{
          current: q.page,
          pageSize: q.pageSize,
          total: data?.total ?? 0,
          pageSizeOptions: [10, 20, 50, 100, 200, 300, 500],
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 张`,
          onChange: (page, pageSize) => setQ({ ...q, page, pageSize }),
        }}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={6}>
              合计（{data?.sums.count ?? 0} 张）
            </Table.Summary.Cell>
            <Table.Summary.Cell index={6} align="right">
              {data?.sums.amount ?? '0.00'}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={7} align="right">
              {data?.sums.tax ?? '0.00'}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={8} align="right">
              <span data-testid={`invoice-sum-total-${direction}`}>{data?.sums.total ?? '0.00'}</span>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={9} colSpan={direction === 1 ? 2 : 1} />
          </Table.Summary.Row>
        )}
      />
      {direction === 2 && <SellerDialog open={sellerOpen} onClose={() => setSellerOpen(false)} />}
      <GenericImportDialog
        open={importOpen}
        source={direction === 1 ? 'inInvoice' : 'outInvoice'}
        onClose={() => setImportOpen(false)}
        onSuccess={() => {
          setImportOpen(false);
          void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
        }}
      />
      {editing && <InvoiceFormDialog direction={direction} id={editing.id} open period={period} onClose={() => setEditing(null)} />}
      <VoucherPreviewDialog source={previewId === null ? null : { id: previewId }} onClose={() => setPreviewId(null)} />
    </>
  );
}

export default function InvoicePage() {
  const sum = useInOutSum();
  const s = sum.data;
  return (
    <Card data-testid="invoice-page" styles={{ body: { padding: 16 } }}>
      <Flex gap={32} wrap style={{ marginBottom: 8 }}>
        <Statistic title="进项税额" value={s?.in.tax ?? '0.00'} />
        <Statistic title="已认证进项税额" value={s?.in.certifiedTax ?? '0.00'} />
        <Statistic title="销项税额" value={s?.out.tax ?? '0.00'} />
        <Statistic title="未生成凭证（进/销）" value={`${s?.in.uncovered ?? 0} / ${s?.out.uncovered ?? 0}`} />
      </Flex>
      <Tabs
        items={[
          { key: 'in', label: '进项发票', children: <InvoiceTab direction={1} /> },
          { key: 'out', label: '销项发票', children: <InvoiceTab direction={2} /> },
          { key: 'goods', label: '商品编码', children: <GoodsTab /> },
        ]}
      />
    </Card>
  );
}
