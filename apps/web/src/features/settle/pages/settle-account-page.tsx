/**
 * /bookkeeps/settleAccount — 结账 (month-end close) and 反结账 (reverse settlement, route alias settle-account).
 * Shows the checks the server runs before closing, closes the window's period (the server generates the
 * carry-forward vouchers: 结转未交增值税, 计提附加税费, 结转损益, and at year end 本年利润 → 未分配利润) and re-opens
 * the latest closed period with a required reason.
 */
import { useMemo, useState } from 'react';
import { App, Alert, Button, Card, Col, Empty, List, Popconfirm, Result, Row, Space, Table, Tag, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ReloadOutlined } from '@ant-design/icons';
import { isSettled, type PeriodItem } from '@dzy/domain/contracts/companies.contract';
import { formatMoney, toFen } from '@dzy/domain/ledger/money';
import { comparePeriods, periodName } from '@dzy/domain/period/period';
import { errorMessage } from '../../../lib/http';
import { useSession } from '../../session/session-context';
import { usePeriods, useSetPeriod } from '../../shell/api';
import type { SettleResult } from '@dzy/domain/contracts/settle.contract';
import { useSettle, useSettleStatus } from '../api';
import { CarryForwardList } from '../components/carry-forward-list';
import { ReverseSettleDialog } from '../components/reverse-settle-dialog';
import { useShowApiError } from '../settled-notice';

export default function SettleAccountPage() {
  const { message } = App.useApp();
  const { window: w } = useSession();
  const period = w.period;
  const periods = usePeriods(w.comId);
  const status = useSettleStatus(w.comId, period);
  const settle = useSettle();
  const setPeriod = useSetPeriod();
  const showError = useShowApiError();
  const [reversing, setReversing] = useState(false);
  const [done, setDone] = useState<SettleResult | null>(null);

  const list = useMemo(() => periods.data?.listThis ?? [], [periods.data]);
  const current = list.find((p) => p.period === period);
  const settled = isSettled(current?.settleStatus ?? status.data?.settleStatus);
  const latestClosed = useMemo(
    () => [...list].filter((p) => isSettled(p.settleStatus)).sort((a, b) => comparePeriods(b.period, a.period))[0],
    [list],
  );
  const checks = status.data?.checks ?? [];
  const failing = checks.filter((c) => !c.ok);
  const canReverse = status.data?.canReverse ?? false;

  const doSettle = async () => {
    try {
      const result = await settle.mutateAsync(period);
      setDone(result);
      void message.success(`${periodName(period)}结账成功`);
    } catch (err) {
      showError(err);
    }
  };

  const goNext = async (next: string) => {
    try {
      await setPeriod.mutateAsync(next);
      setDone(null);
    } catch (err) {
      showError(err);
    }
  };

  if (!w.comId || !period) {
    return (
      <Card>
        <Empty description="请先进入公司账簿" />
      </Card>
    );
  }

  const nextPeriodToOpen = done?.nextPeriod || list.find((p) => comparePeriods(p.period, period) > 0)?.period || '';

  return (
    <Row gutter={12} data-testid="settle-page">
      <Col xs={24} xl={16}>
        <Card
          title={
            <Space>
              <span>结账 - {periodName(period)}</span>
              {settled ? (
                <Tag color="success" data-testid="settle-state">
                  已结账
                </Tag>
              ) : (
                <Tag data-testid="settle-state">未结账</Tag>
              )}
            </Space>
          }
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => void status.refetch()} loading={status.isFetching}>
              重新检查
            </Button>
          }
        >
          {done ? (
            <Result
              status="success"
              title={`${periodName(period)}已结账`}
              subTitle={done.vouchers.length ? `本次结账生成 ${done.vouchers.length} 张结转凭证` : '本期无需生成结转凭证'}
              extra={
                nextPeriodToOpen ? (
                  <Button type="primary" onClick={() => void goNext(nextPeriodToOpen)} data-testid="settle-next-period">
                    进入{periodName(nextPeriodToOpen)}
                  </Button>
                ) : undefined
              }
            >
              {done.vouchers.length > 0 && (
                <List
                  size="small"
                  bordered
                  dataSource={done.vouchers}
                  renderItem={(v) => (
                    <List.Item>
                      <Typography.Text strong>{v.voucherNoText}</Typography.Text>
                      <span>{v.summary}</span>
                      <span>{formatMoney(toFen(v.amount))}</span>
                    </List.Item>
                  )}
                />
              )}
            </Result>
          ) : (
            <>
              {status.isError && (
                <Alert type="error" showIcon style={{ marginBottom: 12 }} title={`结账检查失败：${errorMessage(status.error)}`} />
              )}
              <List
                data-testid="settle-checks"
                loading={status.isLoading}
                locale={{ emptyText: status.isError ? '暂无检查结果' : '没有需要检查的项目' }}
                dataSource={checks}
                renderItem={(c) => (
                  <List.Item data-testid="settle-check">
                    <Space>
                      {c.ok ? (
                        <CheckCircleFilled style={{ color: '#52c41a' }} />
                      ) : (
                        <CloseCircleFilled style={{ color: '#ff4d4f' }} />
                      )}
                      <span>{c.name}</span>
                    </Space>
                    <Typography.Text type={c.ok ? 'secondary' : 'danger'}>{c.msg || (c.ok ? '通过' : '未通过')}</Typography.Text>
                  </List.Item>
                )}
              />
              {!settled && status.data && (
                <>
                  <Typography.Title level={5} style={{ marginTop: 16 }}>
                    结账将生成的凭证
                  </Typography.Title>
                  <CarryForwardList items={status.data.carryForwards} />
                </>
              )}
              <Space style={{ marginTop: 16 }}>
                <Popconfirm
                  title={`确定结账${periodName(period)}吗？`}
                  description="结账将生成本期的结转凭证，结账后本期凭证不能再修改。"
                  onConfirm={() => void doSettle()}
                  disabled={settled}
                >
                  <Button type="primary" disabled={settled} loading={settle.isPending} data-testid="settle-submit">
                    结账
                  </Button>
                </Popconfirm>
                {latestClosed && (canReverse || latestClosed.period !== period) && (
                  <Button danger onClick={() => setReversing(true)} data-testid="settle-reverse">
                    反结账{latestClosed.period !== period ? `（${periodName(latestClosed.period)}）` : ''}
                  </Button>
                )}
                {failing.length > 0 && !settled && (
                  <Typography.Text type="danger">有 {failing.length} 项检查未通过，结账时将被拒绝</Typography.Text>
                )}
              </Space>
            </>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card title="会计期间" size="small" styles={{ body: { padding: 0 } }}>
          <Table<PeriodItem>
            size="small"
            rowKey="period"
            loading={periods.isLoading}
            dataSource={[...list].reverse()}
            pagination={list.length > 12 ? { pageSize: 12, size: 'small', showSizeChanger: false } : false}
            rowClassName={(r) => (r.period === period ? 'ant-table-row-selected' : '')}
            columns={[
              { title: '期间', dataIndex: 'name' },
              {
                title: '状态',
                dataIndex: 'settleStatus',
                width: 90,
                render: (v: string) => (isSettled(v) ? <Tag color="success">已结账</Tag> : <Tag>未结账</Tag>),
              },
            ]}
          />
        </Card>
      </Col>
      {latestClosed && (
        <ReverseSettleDialog
          open={reversing}
          period={latestClosed.period}
          onClose={() => setReversing(false)}
          onDone={() => {
            setReversing(false);
            setDone(null);
            void message.success(`${periodName(latestClosed.period)}已反结账`);
          }}
        />
      )}
    </Row>
  );
}
