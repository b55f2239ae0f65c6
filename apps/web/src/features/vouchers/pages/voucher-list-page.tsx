/**
 * /bookkeeps/voucher — 凭证列表: vouchers of a period range, filtered by word and summary, one block per voucher
 * (字号, 日期, lines with debit/credit); edit (录凭证?id=), delete to the recycle bin (numbers close up), copy,
 * preview, and 整理凭证号 (renumber the period by date).
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Card, Checkbox, DatePicker, Empty, Flex, Input, Pagination, Popconfirm, Select, Space, Spin, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { VOUCHER_WORDS } from '@dzy/domain/contracts/vouchers.contract';
import { VoucherPreviewDialog } from '../../../components/voucher-preview-dialog';
import { useSession } from '../../session/session-context';
import { useShowApiError } from '../../settle/settled-notice';
import { useVoucherCopy, useVoucherIdsAction, useVoucherList, useVoucherSort } from '../api';
import { VoucherCard, VoucherListHead, money } from '../components/voucher-card';

const PAGE_SIZES = [10, 20, 50, 100, 200, 300, 500];
const toPeriod = (d: Dayjs) => d.format('YYYYMM');
const fromPeriod = (p: string) => dayjs(`${p.slice(0, 4)}-${p.slice(4, 6)}-01`);

interface Filters {
  beginPeriod: string;
  endPeriod: string;
  voucherWord: string;
  summary: string;
}

export default function VoucherListPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { window: w } = useSession();
  const showError = useShowApiError();
  const [filters, setFilters] = useState<Filters>({ beginPeriod: w.period, endPeriod: w.period, voucherWord: '', summary: '' });
  const [summaryDraft, setSummaryDraft] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [previewId, setPreviewId] = useState<number | null>(null);
  const list = useVoucherList({
    beginPeriod: filters.beginPeriod,
    endPeriod: filters.endPeriod,
    voucherWord: (VOUCHER_WORDS as readonly string[]).includes(filters.voucherWord) ? (filters.voucherWord as (typeof VOUCHER_WORDS)[number]) : undefined,
    summary: filters.summary || undefined,
    page,
    limit,
  });
  const del = useVoucherIdsAction('voucherDel');
  const sort = useVoucherSort();
  const copy = useVoucherCopy();
  const rows = useMemo(() => list.data?.list ?? [], [list.data]);
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.id));

  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const n = new Set(s);
      if (on) n.add(id);
      else n.delete(id);
      return n;
    });

  const remove = async (ids: number[]) => {
    try {
      await del.mutateAsync(ids);
      setSelected(new Set());
      void message.success('删除成功，凭证已移入回收站');
    } catch (err) {
      showError(err);
    }
  };

  const renumber = async () => {
    try {
      const r = await sort.mutateAsync();
      void message.success(r.changed ? `整理完成，${r.changed} 张凭证重新编号` : '凭证号已连续，无需整理');
    } catch (err) {
      showError(err);
    }
  };

  const duplicate = async (id: number) => {
    try {
      const r = await copy.mutateAsync(id);
      void message.success(`复制成功！新凭证 ${r.voucherNoText}`);
    } catch (err) {
      showError(err);
    }
  };

  return (
    <Card data-testid="voucher-list-page" styles={{ body: { padding: 16 } }}>
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
        <Space wrap>
          <DatePicker.RangePicker
            picker="month"
            allowClear={false}
            value={[fromPeriod(filters.beginPeriod), fromPeriod(filters.endPeriod)]}
            onChange={(v) => {
              if (v?.[0] && v[1]) {
                setFilters((f) => ({ ...f, beginPeriod: toPeriod(v[0] as Dayjs), endPeriod: toPeriod(v[1] as Dayjs) }));
                setPage(1);
              }
            }}
            data-testid="voucher-filter-periods"
          />
          <Select
            value={filters.voucherWord}
            style={{ width: 110 }}
            onChange={(voucherWord) => {
              setFilters((f) => ({ ...f, voucherWord }));
              setPage(1);
            }}
            options={[{ value: '', label: '全部凭证字' }, ...VOUCHER_WORDS.map((v) => ({ value: v, label: `${v}字` }))]}
            data-testid="voucher-filter-word"
          />
          <Input.Search
            allowClear
            placeholder="摘要"
            style={{ width: 200 }}
            value={summaryDraft}
            onChange={(e) => setSummaryDraft(e.target.value)}
            onSearch={(v) => {
              setFilters((f) => ({ ...f, summary: v.trim() }));
              setPage(1);
            }}
            data-testid="voucher-filter-summary"
          />
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} />
        </Space>
        <Space wrap>
          <Checkbox
            checked={allChecked}
            indeterminate={!allChecked && rows.some((r) => selected.has(r.id))}
            onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((r) => r.id)) : new Set())}
          >
            全选
          </Checkbox>
          <Popconfirm
            title={`确定删除${selected.size}条记录吗？`}
            description="删除的凭证移入回收站，其后的凭证号自动前移"
            disabled={selected.size === 0}
            onConfirm={() => void remove([...selected])}
          >
            <Button danger disabled={selected.size === 0} loading={del.isPending} data-testid="voucher-batch-delete">
              删除
            </Button>
          </Popconfirm>
          <Popconfirm title="按凭证日期重新整理本期凭证号？" onConfirm={() => void renumber()}>
            <Button loading={sort.isPending} data-testid="voucher-sort">
              整理凭证号
            </Button>
          </Popconfirm>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/bookkeeps/addVoucher')} data-testid="voucher-add">
            录凭证
          </Button>
        </Space>
      </Flex>
      <VoucherListHead />
      <Spin spinning={list.isFetching && !list.isLoading}>
        <div data-testid="voucher-list">
          {list.isLoading ? (
            <div style={{ padding: 40, textAlign: 'center' }}>
              <Spin />
            </div>
          ) : rows.length === 0 ? (
            <Empty description="没有凭证" style={{ padding: 40 }} />
          ) : (
            rows.map((v) => (
              <VoucherCard
                key={v.id}
                voucher={v}
                selected={selected.has(v.id)}
                onSelect={(on) => toggle(v.id, on)}
                onOpen={() => navigate(`/bookkeeps/addVoucher?id=${v.id}`)}
                actions={
                  <>
                    <Button type="link" size="small" onClick={() => navigate(`/bookkeeps/addVoucher?id=${v.id}`)} data-testid={`voucher-edit-${v.id}`}>
                      编辑
                    </Button>
                    <Button type="link" size="small" onClick={() => setPreviewId(v.id)} data-testid={`voucher-preview-${v.id}`}>
                      预览
                    </Button>
                    <Button type="link" size="small" onClick={() => void duplicate(v.id)} data-testid={`voucher-copy-${v.id}`}>
                      复制
                    </Button>
                    <Popconfirm title="确定删除1条记录吗？" onConfirm={() => void remove([v.id])}>
                      <Button type="link" size="small" danger data-testid={`voucher-delete-${v.id}`}>
                        删除
                      </Button>
                    </Popconfirm>
                  </>
                }
              />
            ))
          )}
        </div>
      </Spin>
      <Flex justify="space-between" align="center" style={{ marginTop: 8 }}>
        <Typography.Text type="secondary" data-testid="voucher-list-sums">
          借方合计 {money(list.data?.debitSum ?? '0') || '0.00'}{'  '}贷方合计 {money(list.data?.creditSum ?? '0') || '0.00'}
        </Typography.Text>
        <Pagination
          current={page}
          pageSize={limit}
          total={list.data?.total ?? 0}
          pageSizeOptions={PAGE_SIZES}
          showSizeChanger
          showTotal={(t) => `共 ${t} 张`}
          onChange={(p, size) => {
            setPage(size === limit ? p : 1);
            setLimit(size);
          }}
        />
      </Flex>
      <VoucherPreviewDialog source={previewId === null ? null : { id: previewId }} onClose={() => setPreviewId(null)} />
    </Card>
  );
}
