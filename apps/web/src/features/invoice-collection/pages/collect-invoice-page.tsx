/**
 * /billCollect/collectInvoice — 发票采集: the agency's companies (those the user sees) with their tax-bureau
 * authorization, a period (or range) and direction, batch 发起采集 with the confirm prompt, and per company the task
 * button of spec 001 §4 (polling while a task moves). 查看发票 opens the company's /input/invoice in its books window.
 */
import { useMemo, useState } from 'react';
import { App, Button, Card, DatePicker, Flex, Input, Radio, Select, Table, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { CompanyListItem } from '@dzy/domain/contracts/companies.contract';
import { COLLECT_DIRECTIONS, collectDirectionName, type CollectDirection } from '@dzy/domain/contracts/invoice-collection.contract';
import { formatWindowName } from '@dzy/domain/routes/index';
import { errorMessage } from '../../../lib/http';
import { useCompanyList } from '../../companies/api';
import { KeepStatusIcon } from '../../tax-auth/components/keep-status-icon';
import { useCollectTasks, useQuitCollection, useStartCollection } from '../api';
import { CollectTaskButton } from '../components/collect-task-button';

const PAGE_SIZE = 20;
const toPeriod = (d: Dayjs) => d.format('YYYYMM');

/** The company's invoice page in its books window (the same window 进入账簿 uses). */
function openInvoices(comId: number): void {
  const win = window.open(`/input/invoice?roleName=accountBook&comId=${comId}`, formatWindowName(comId, 'accountBook'));
  win?.focus();
}

export default function CollectInvoicePage() {
  const { message, modal } = App.useApp();
  const [name, setName] = useState('');
  const [mode, setMode] = useState<'single' | 'range'>('single');
  const [month, setMonth] = useState<Dayjs>(() => dayjs().startOf('month'));
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(2, 'month').startOf('month'), dayjs().startOf('month')]);
  const [direction, setDirection] = useState<CollectDirection>(3);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);

  const companies = useCompanyList({ status: '2', name, page: 1, limit: 1000 });
  const rows = companies.data?.list ?? [];
  const pageIds = useMemo(() => rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((c) => c.id), [rows, page]);
  // The status column shows the single period, or the last period of a range.
  const statusPeriod = mode === 'single' ? toPeriod(month) : toPeriod(range[1]);
  const tasks = useCollectTasks(statusPeriod, pageIds);
  const byId = useMemo(() => new Map((tasks.data ?? []).map((s) => [s.comId, s])), [tasks.data]);
  const start = useStartCollection();
  const quit = useQuitCollection();

  const periodBody = () => (mode === 'single' ? { period: toPeriod(month) } : { startPeriod: toPeriod(range[0]), endPeriod: toPeriod(range[1]) });
  const periodText = mode === 'single' ? toPeriod(month) : `${toPeriod(range[0])}至${toPeriod(range[1])}`;

  const run = async (comIds: number[]) => {
    try {
      const r = await start.mutateAsync({ comIds, direction, ...periodBody() });
      if (r.queued.length > 0) void message.warning(r.queued.map((q) => q.msg).join('；'));
      if (r.created > 0) void message.success(`已发起${r.created}个采集任务`);
      setSelected([]);
    } catch (err) {
      void message.error(errorMessage(err));
    }
  };

  const startBatch = () => {
    if (selected.length === 0) {
      void message.warning('请选择公司');
      return;
    }
    modal.confirm({
      title: '发起采集',
      content: `是否确认发起采集？将采集所选 ${selected.length} 家公司 ${periodText} 的${collectDirectionName(direction)}发票。`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => run(selected),
    });
  };

  const onQuit = async (id: number) => {
    try {
      await quit.mutateAsync(id);
      void message.success('撤销成功');
    } catch (err) {
      void message.error(errorMessage(err));
    }
  };

  const columns: TableColumnsType<CompanyListItem> = [
    { title: '公司名称', dataIndex: 'name', ellipsis: true },
    { title: '纳税人识别号', dataIndex: 'taxNo', width: 190 },
    { title: '纳税人类型', dataIndex: 'type', width: 110, render: (t: string) => (t === '2' ? '一般纳税人' : '小规模纳税人') },
    {
      title: '税局授权',
      key: 'keepStatus',
      width: 150,
      render: (_: unknown, c) => <KeepStatusIcon district={c.district} loginMethod={c.loginMethod} keepStatus={c.keepStatus} showLabel />,
    },
    {
      title: `采集状态（${statusPeriod}）`,
      key: 'task',
      width: 300,
      render: (_: unknown, c) => (
        <span data-testid={`collect-status-${c.id}`}>
          <CollectTaskButton state={byId.get(c.id)} busy={start.isPending || quit.isPending} onStart={() => void run([c.id])} onQuit={(id) => void onQuit(id)} />
        </span>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_: unknown, c) => (
        <Button type="link" size="small" onClick={() => openInvoices(c.id)} data-testid={`collect-open-${c.id}`}>
          查看发票
        </Button>
      ),
    },
  ];

  return (
    <Card size="small" variant="borderless" data-testid="collect-invoice-page">
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder="公司名称 / 纳税人识别号" style={{ width: 260 }} onSearch={(v) => { setName(v.trim()); setPage(1); }} data-testid="collect-search" />
        <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as 'single' | 'range')} optionType="button" size="middle" options={[{ value: 'single', label: '单期' }, { value: 'range', label: '区间' }]} />
        {mode === 'single' ? (
          <DatePicker picker="month" allowClear={false} value={month} onChange={(d) => d && setMonth(d)} data-testid="collect-period" />
        ) : (
          <DatePicker.RangePicker picker="month" allowClear={false} value={range} onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])} />
        )}
        <Select<CollectDirection> style={{ width: 130 }} value={direction} onChange={setDirection} options={COLLECT_DIRECTIONS.map((d) => ({ value: d.value, label: d.label }))} data-testid="collect-direction" />
        <Button type="primary" onClick={startBatch} loading={start.isPending} data-testid="collect-start">
          发起采集
        </Button>
        <Typography.Text type="secondary">已选 {selected.length} 家；需税局授权在线的公司才能采集</Typography.Text>
      </Flex>
      <Table<CompanyListItem>
        rowKey="id"
        size="small"
        bordered
        columns={columns}
        dataSource={rows}
        loading={companies.isFetching}
        locale={{ emptyText: '没有数据' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: rows.length, showSizeChanger: false, onChange: setPage, showTotal: (t) => `共 ${t} 家` }}
      />
    </Card>
  );
}
