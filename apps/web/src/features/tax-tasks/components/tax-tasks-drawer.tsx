/**
 * 税局任务 drawer (spec 000 §2.8, §4, §5, §8): tabs 申报中 / 排队中 with their totals, 20 per tab, search by the
 * last four digits of the 报税手机号, priority toggle, pause (one hour) / normal, and cancelling queued tasks
 * (main account and leaders of group 2921; the server checks the same rule).
 */
import { useState } from 'react';
import { App, Button, Drawer, Flex, Input, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { TAX_TASK_LEADER_GROUP, TAX_TASK_MESSAGES, TAX_TASK_PAGE_SIZE, type TaxTaskItem } from '@dzy/domain/contracts/tax-tasks.contract';
import { useSession } from '../../session/session-context';
import type { HeaderToolPanelProps } from '../../shell/components/header-tool-panels';
import { formatDateTime, formatPeriodMonth } from '../../users/components/format';
import { useCancelTaxTasks, useChangeTaxTaskPriority, useChangeTaxTaskStatus, useTaxTaskList } from '../api';

type TabKey = 'sbz' | 'pdz';

export default function TaxTasksDrawer({ open, onClose }: HeaderToolPanelProps) {
  const { message, modal } = App.useApp();
  const { user } = useSession().info;
  const mayManage = user.isAdmin || (user.isLeader && user.groupId === TAX_TASK_LEADER_GROUP);
  const [tab, setTab] = useState<TabKey>('sbz');
  const [tel, setTel] = useState('');
  const [pdzPage, setPdzPage] = useState(1);
  const [sbzPage, setSbzPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const list = useTaxTaskList({ tel, pdzPage, sbzPage, pdzPageSize: TAX_TASK_PAGE_SIZE, sbzPageSize: TAX_TASK_PAGE_SIZE }, open);
  const cancel = useCancelTaxTasks();
  const changeStatus = useChangeTaxTaskStatus();
  const priority = useChangeTaxTaskPriority();

  const search = (raw: string) => {
    const v = raw.trim();
    if (v !== '' && !/^\d{4}$/.test(v)) {
      void message.warning(TAX_TASK_MESSAGES.telInvalid);
      return;
    }
    setTel(v);
    setPdzPage(1);
    setSbzPage(1);
  };

  const togglePriority = (t: TaxTaskItem) => {
    const next = t.orgSeq === 0 ? 1 : 0;
    modal.confirm({
      title: '提示',
      content: next === 1 ? '确定优先处理此任务吗?' : '确定取消优先此任务吗?',
      onOk: async () => {
        await priority.mutateAsync({ reqNo: t.reqNo, status: next });
        void message.success('操作成功');
      },
    });
  };

  const toggleStatus = (t: TaxTaskItem) => {
    const next = t.status === 0 ? 1 : 0;
    modal.confirm({
      title: '提示',
      content: next === 1 ? '确定将此任务改为暂停吗？仅暂停一小时，之后自动修改为正常' : '确定将此任务改为正常吗？',
      onOk: async () => {
        await changeStatus.mutateAsync({ reqNo: [t.reqNo], status: next });
        void message.success('修改成功');
      },
    });
  };

  const cancelQueued = () => {
    if (selected.length === 0) {
      void message.warning(TAX_TASK_MESSAGES.cancelRequired);
      return;
    }
    modal.confirm({
      title: '提示',
      content: '确定撤销排队中的任务?',
      onOk: async () => {
        const results = await cancel.mutateAsync({ ids: selected });
        setSelected([]);
        const failed = results.filter((r) => !r.ok);
        if (failed.length === 0) void message.success('撤销成功');
        else void message.warning(`撤销成功${results.length - failed.length}条，失败${failed.length}条：${failed[0]?.msg ?? ''}`);
      },
    });
  };

  const columns = (queue: boolean): TableColumnsType<TaxTaskItem> => [
    { title: '公司名称', dataIndex: 'name', width: 220, ellipsis: true },
    { title: '报税手机号', dataIndex: 'tel', width: 120, render: (v: string) => v || '—' },
    { title: '任务', dataIndex: 'taskName', width: 100 },
    { title: '所属期', dataIndex: 'period', width: 80, render: (p: string) => formatPeriodMonth(p) },
    { title: '发起时间', dataIndex: 'createdAt', width: 140, render: (v: string) => formatDateTime(v) },
    queue
      ? {
          title: '优先级',
          dataIndex: 'orgSeq',
          width: 80,
          render: (s: number) => (
            <Tag color={s === 0 ? undefined : 'red'} data-testid="tax-task-seq">
              {s === 0 ? '排队' : '优先'}
            </Tag>
          ),
        }
      : {
          title: '任务编号',
          dataIndex: 'receiptNo',
          width: 160,
          render: (r: string) => (r ? r : <Typography.Text type="secondary">等待回执</Typography.Text>),
        },
    ...(queue ? [] : [{ title: '申报耗时', dataIndex: 'sbTime', width: 90, render: (m: number) => `${m}分钟` }]),
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (s: number) => (
        <Tag color={s === 1 ? 'warning' : 'success'} data-testid="tax-task-state">
          {s === 1 ? '暂停' : '正常'}
        </Tag>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_: unknown, t) => (
        <Space size={0}>
          {queue && (
            <Button type="link" size="small" onClick={() => togglePriority(t)} data-testid="tax-task-priority">
              {t.orgSeq === 0 ? '优先处理' : '取消优先'}
            </Button>
          )}
          {mayManage && (
            <Button type="link" size="small" onClick={() => toggleStatus(t)} data-testid="tax-task-status">
              {t.status === 0 ? '暂停' : '改为正常'}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const data = list.data;
  const table = (queue: boolean) => (
    <Table<TaxTaskItem>
      rowKey="id"
      size="small"
      bordered
      columns={columns(queue)}
      dataSource={(queue ? data?.pdz : data?.sbz) ?? []}
      loading={list.isFetching && !data}
      scroll={{ x: 1140 }}
      locale={{ emptyText: '没有数据' }}
      rowSelection={queue && mayManage ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined}
      data-testid={queue ? 'tax-task-queue' : 'tax-task-running'}
      pagination={{
        current: queue ? pdzPage : sbzPage,
        pageSize: TAX_TASK_PAGE_SIZE,
        total: (queue ? data?.pdzTotal : data?.sbzTotal) ?? 0,
        showSizeChanger: false,
        showTotal: (n) => `共 ${n} 条，手机号 ${(queue ? data?.pdzPhoneCount : data?.sbzPhoneCount) ?? 0} 个`,
        onChange: queue ? setPdzPage : setSbzPage,
      }}
    />
  );

  return (
    <Drawer open={open} onClose={onClose} title="税局任务" size={1200} destroyOnHidden data-testid="tax-tasks-drawer">
      <Flex justify="space-between" style={{ marginBottom: 8 }}>
        <Input.Search allowClear placeholder="报税手机号后四位" maxLength={4} style={{ width: 220 }} onSearch={search} data-testid="tax-task-tel" />
        {tab === 'pdz' && mayManage && (
          <Button danger onClick={cancelQueued} data-testid="tax-task-cancel">
            撤销排队
          </Button>
        )}
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k === 'pdz' ? 'pdz' : 'sbz')}
        items={[
          { key: 'sbz', label: `申报中（${data?.sbzTotal ?? 0}）`, children: table(false) },
          { key: 'pdz', label: `排队中（${data?.pdzTotal ?? 0}）`, children: table(true) },
        ]}
      />
    </Drawer>
  );
}
