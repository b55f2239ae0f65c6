/**
 * /financial-acco/batch-settle — 批量结账 (agency view): pick client companies and a period, start one
 * background job (api/v2/settle/batchSettle), then follow it every 2 s until it is finished and list each
 * company's result. The server closes each company in its own transaction and names why one could not be closed.
 */
import { useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Flex, Input, Popconfirm, Row, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { CompanyListItem } from '@dzy/domain/contracts/companies.contract';
import { isSettled } from '@dzy/domain/contracts/companies.contract';
import {
  BATCH_SETTLE_MAX,
  isJobFinished,
  JOB_STATUS_NAMES,
  type BatchCompanyResult,
  type JobStatus,
} from '@dzy/domain/contracts/settle.contract';
import { periodName } from '@dzy/domain/period/period';
import { errorMessage } from '../../../lib/http';
import { useCompanyList } from '../../companies/api';
import { formatPeriodMonth } from '../../users/components/format';
import { useBatchResult, useBatchSettle } from '../api';
import { useShowApiError } from '../settled-notice';

const PAGE_SIZE = 20;
const STATUS_COLORS: Record<JobStatus, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error', 4: 'warning' };

export default function BatchSettlePage() {
  const showError = useShowApiError();
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [selected, setSelected] = useState<number[]>([]);
  // Month-end close is done for the month just ended.
  const [month, setMonth] = useState<Dayjs>(() => dayjs().subtract(1, 'month').startOf('month'));
  const [jobId, setJobId] = useState<number | null>(null);
  const list = useCompanyList({ status: '2', name, page, limit });
  const start = useBatchSettle();
  const job = useBatchResult(jobId);

  const period = month.format('YYYYMM');
  const status = job.data?.status;
  const running = jobId !== null && (status === undefined || !isJobFinished(status));

  const run = async () => {
    try {
      const r = await start.mutateAsync({ comIds: selected, period });
      setJobId(r.jobId);
    } catch (err) {
      showError(err);
    }
  };

  const columns: TableColumnsType<CompanyListItem> = [
    { title: '公司名称', dataIndex: 'name' },
    { title: '纳税人识别号', dataIndex: 'taxNo', width: 180 },
    { title: '建账期间', dataIndex: 'startPeriod', width: 100, render: (p: string) => formatPeriodMonth(p) },
    {
      title: '当前期间',
      dataIndex: 'period',
      width: 150,
      render: (p: string, c) =>
        p ? (
          <Space size={4}>
            {formatPeriodMonth(p)}
            {isSettled(c.settleStatus) ? <Tag color="success">已结账</Tag> : <Tag>未结账</Tag>}
          </Space>
        ) : null,
    },
  ];

  const resultColumns: TableColumnsType<BatchCompanyResult> = [
    { title: '公司', dataIndex: 'name' },
    {
      title: '结果',
      dataIndex: 'ok',
      width: 80,
      render: (ok: boolean) => (ok ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>),
    },
    { title: '说明', dataIndex: 'msg' },
  ];

  const results = job.data?.results ?? [];
  const okCount = results.filter((r) => r.ok).length;

  return (
    <Row gutter={12} data-testid="batch-settle-page">
      <Col xs={24} xl={14}>
        <Card title="批量结账">
          <Flex wrap gap={12} align="center" style={{ marginBottom: 12 }}>
            <Input.Search
              allowClear
              placeholder="公司名称 / 纳税人识别号"
              style={{ width: 260 }}
              onSearch={(v) => {
                setName(v.trim());
                setPage(1);
              }}
              data-testid="batch-settle-search"
            />
            <Space size={6}>
              <Typography.Text>结账期间</Typography.Text>
              <DatePicker
                picker="month"
                allowClear={false}
                value={month}
                onChange={(d) => d && setMonth(d.startOf('month'))}
                disabledDate={(d) => d.isAfter(dayjs(), 'month')}
                data-testid="batch-settle-period"
              />
            </Space>
            <Popconfirm
              title={`确定为选中的 ${selected.length} 家公司结账${periodName(period)}吗？`}
              description="每家公司将生成本期的结转凭证，结账后本期凭证不能再修改。"
              onConfirm={() => void run()}
              disabled={selected.length === 0 || running}
            >
              <Button
                type="primary"
                disabled={selected.length === 0 || selected.length > BATCH_SETTLE_MAX || running}
                loading={start.isPending || running}
                data-testid="batch-settle-submit"
              >
                批量结账{selected.length > 0 ? `（${selected.length}）` : ''}
              </Button>
            </Popconfirm>
            {selected.length > BATCH_SETTLE_MAX && <Typography.Text type="danger">一次最多选择{BATCH_SETTLE_MAX}家公司</Typography.Text>}
          </Flex>
          <Table<CompanyListItem>
            rowKey="id"
            size="small"
            loading={list.isFetching}
            dataSource={list.data?.list ?? []}
            columns={columns}
            rowSelection={{
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              onChange: (keys) => setSelected(keys.map(Number)),
            }}
            pagination={{
              current: page,
              pageSize: limit,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (t) => `共 ${t} 家`,
              onChange: (p, s) => {
                setPage(p);
                setLimit(s);
              },
            }}
            data-testid="batch-settle-companies"
          />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card
          title={
            <Space>
              <span>结账结果</span>
              {status !== undefined && (
                <Tag color={STATUS_COLORS[status]} data-testid="batch-settle-status">
                  {JOB_STATUS_NAMES[status]}
                </Tag>
              )}
            </Space>
          }
        >
          {jobId === null ? (
            <Typography.Text type="secondary">选择公司和结账期间后点击“批量结账”，结果将显示在这里</Typography.Text>
          ) : (
            <>
              {job.isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={`查询结果失败：${errorMessage(job.error)}`} />}
              {job.data?.error && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={job.data.error} />}
              {job.data && (
                <Typography.Paragraph type="secondary">
                  {periodName(job.data.period)}：已处理 {results.length} / {job.data.total} 家，成功 {okCount} 家
                  {isJobFinished(job.data.status) ? `，失败 ${results.length - okCount} 家` : ''}
                </Typography.Paragraph>
              )}
              <Table<BatchCompanyResult>
                rowKey="comId"
                size="small"
                loading={job.isLoading}
                dataSource={results}
                columns={resultColumns}
                pagination={results.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
                data-testid="batch-settle-results"
              />
            </>
          )}
        </Card>
      </Col>
    </Row>
  );
}
