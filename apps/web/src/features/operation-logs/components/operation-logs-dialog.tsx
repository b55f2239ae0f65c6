/**
 * Header tool 操作日志 (spec 000 §2.8): 旧版 (the whole log: search, operator, period, dates) and 新版 (one company's
 * log with behaviour, target and operator filters, and the before/after summaries). Both page by 20; the date
 * pickers refuse future dates; the new log asks for a company first.
 */
import { useState } from 'react';
import { App, Button, DatePicker, Form, Input, Modal, Select, Table, Tabs, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { OperationLogItem, OperationLogV3Item } from '@dzy/domain/contracts/audit.contract';
import { AUDIT_MESSAGES, OPERATION_LOG_PAGE_SIZE } from '@dzy/domain/contracts/audit.contract';
import type { HeaderToolPanelProps } from '../../shell/components/header-tool-panels';
import { useSession } from '../../session/session-context';
import { useCompanyList } from '../../companies/api';
import { useOperationLog, useOperationLogV3, useOperators } from '../api';

type Range = [Dayjs | null, Dayjs | null] | null;
const future = (d: Dayjs) => d.isAfter(dayjs(), 'day');
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : '');

function OperatorSelect({ value, onChange }: { value?: number; onChange: (v: number | undefined) => void }) {
  const ops = useOperators();
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="操作人"
      style={{ width: 140 }}
      value={value}
      onChange={(v?: number) => onChange(v)}
      options={(ops.data?.list ?? []).map((u) => ({ value: u.id, label: u.cnName }))}
      data-testid="oplog-operator"
    />
  );
}

function OldLogTab() {
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const [userId, setUserId] = useState<number | undefined>();
  const [period, setPeriod] = useState<Dayjs | null>(null);
  const [range, setRange] = useState<Range>(null);
  const q = {
    page,
    limit: OPERATION_LOG_PAGE_SIZE,
    name,
    userId,
    period: period ? period.format('YYYYMM') : '',
    startTime: day(range?.[0]),
    endTime: day(range?.[1]),
  };
  const log = useOperationLog(q);
  const reset = () => setPage(1);
  return (
    <>
      <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item>
          <Input.Search
            allowClear
            placeholder="公司 / 操作 / 内容"
            onSearch={(v) => {
              setName(v.trim());
              reset();
            }}
            style={{ width: 200 }}
            data-testid="oplog-name"
          />
        </Form.Item>
        <Form.Item>
          <OperatorSelect value={userId} onChange={(v) => {
              setUserId(v);
              reset();
            }} />
        </Form.Item>
        <Form.Item>
          <DatePicker picker="month" placeholder="会计期间" value={period} onChange={(d) => {
              setPeriod(d);
              reset();
            }} disabledDate={(d) => d.isAfter(dayjs(), 'month')} />
        </Form.Item>
        <Form.Item>
          <DatePicker.RangePicker value={range} onChange={(r) => {
              setRange(r);
              reset();
            }} disabledDate={future} data-testid="oplog-range" />
        </Form.Item>
      </Form>
      <Table<OperationLogItem>
        rowKey="id"
        size="small"
        loading={log.isFetching}
        dataSource={log.data?.list ?? []}
        locale={{ emptyText: '没有数据' }}
        scroll={{ y: 420 }}
        pagination={{ current: page, pageSize: OPERATION_LOG_PAGE_SIZE, total: log.data?.total ?? 0, showSizeChanger: false, showTotal: (n) => `共 ${n} 条`, onChange: setPage }}
        columns={[
          { title: '操作时间', dataIndex: 'createdAt', width: 170 },
          { title: '操作人', dataIndex: 'cnName', width: 110 },
          { title: '操作', dataIndex: 'method', width: 130 },
          { title: '内容', dataIndex: 'content', ellipsis: { showTitle: true } },
        ]}
        data-testid="oplog-old-table"
      />
    </>
  );
}

function NewLogTab() {
  const { message } = App.useApp();
  const { info, inBook } = useSession();
  const own = inBook && info.comInfo ? info.comInfo.comId : undefined;
  const [companyName, setCompanyName] = useState('');
  const companies = useCompanyList({ status: '2', name: companyName, page: 1, limit: 50 }, !own);
  const [form] = Form.useForm<{ comId?: number; entity: string; target: string; userName: string; userId?: number; range: Range }>();
  const [query, setQuery] = useState<{ comId: number; entity: string; target: string; userName: string; userId?: number; begin: string; end: string } | null>(
    own ? { comId: own, entity: '', target: '', userName: '', begin: '', end: '' } : null,
  );
  const [page, setPage] = useState(1);
  const log = useOperationLogV3(
    query && {
      pageNumber: page,
      pageSize: OPERATION_LOG_PAGE_SIZE,
      actionFilter: query.comId,
      entityFilter: query.entity,
      targetFilter: query.target,
      category: 'v3',
      begin: query.begin,
      end: query.end,
      userId: query.userId,
      user_name: query.userName,
    },
  );

  const search = () => {
    const v = form.getFieldsValue();
    const comId = v.comId ?? own;
    if (!comId) {
      void message.warning(AUDIT_MESSAGES.companyRequired);
      return;
    }
    setPage(1);
    setQuery({ comId, entity: (v.entity ?? '').trim(), target: (v.target ?? '').trim(), userName: (v.userName ?? '').trim(), userId: v.userId, begin: day(v.range?.[0]), end: day(v.range?.[1]) });
  };

  return (
    <>
      <Form form={form} layout="inline" style={{ marginBottom: 12, rowGap: 8 }} initialValues={{ comId: own }}>
        <Form.Item name="comId" label="公司" required>
          <Select
            showSearch={{ filterOption: false, onSearch: setCompanyName }}
            placeholder="请选择公司"
            style={{ width: 220 }}
            disabled={own !== undefined}
            options={own !== undefined && info.comInfo ? [{ value: own, label: info.comInfo.comName }] : (companies.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
            data-testid="oplog-company"
          />
        </Form.Item>
        <Form.Item name="entity">
          <Input allowClear placeholder="行为" style={{ width: 120 }} data-testid="oplog-entity" />
        </Form.Item>
        <Form.Item name="target">
          <Input allowClear placeholder="对象 / 详情" style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="userName">
          <Input allowClear placeholder="操作人姓名" style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker disabledDate={future} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" onClick={search} data-testid="oplog-v3-search">
            查询
          </Button>
        </Form.Item>
      </Form>
      <Table<OperationLogV3Item>
        rowKey="id"
        size="small"
        loading={log.isFetching}
        dataSource={query ? (log.data?.list ?? []) : []}
        locale={{ emptyText: query ? '没有数据' : AUDIT_MESSAGES.companyRequired }}
        scroll={{ y: 400 }}
        pagination={{ current: page, pageSize: OPERATION_LOG_PAGE_SIZE, total: query ? (log.data?.total ?? 0) : 0, showSizeChanger: false, showTotal: (n) => `共 ${n} 条`, onChange: setPage }}
        expandable={{
          rowExpandable: (r) => r.before !== '' || r.after !== '',
          expandedRowRender: (r) => (
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
              {r.before !== '' && <>修改前：{r.before}{'\n'}</>}
              {r.after !== '' && <>修改后：{r.after}</>}
            </Typography.Paragraph>
          ),
        }}
        columns={[
          { title: '时间', dataIndex: 'eventTime', width: 165 },
          { title: '操作人', dataIndex: 'user_name', width: 100 },
          { title: '公司', dataIndex: 'action', width: 180, ellipsis: true },
          { title: '行为', dataIndex: 'entity', width: 110 },
          { title: '期间', dataIndex: 'period', width: 80 },
          { title: '详情', dataIndex: 'detail', ellipsis: { showTitle: true } },
        ]}
        data-testid="oplog-v3-table"
      />
    </>
  );
}

export default function OperationLogsDialog({ open, onClose }: HeaderToolPanelProps) {
  return (
    <Modal open={open} title="操作日志" footer={null} width={1100} onCancel={onClose} destroyOnHidden data-testid="operation-logs">
      <Tabs
        items={[
          { key: 'old', label: '旧版', children: <OldLogTab /> },
          { key: 'v3', label: '新版', children: <NewLogTab /> },
        ]}
      />
    </Modal>
  );
}
