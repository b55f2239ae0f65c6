/**
 * /homeIndex — the agency dashboard (spec 000 §2.4): greeting banner with the period picker (cannot be
 * cleared; default the current period), the top counts, the three confirmation panels (pie + bar, ECharts
 * loaded lazily) and the 电子税务局 / 个税 / 社保 panels. Every number opens the companies behind it.
 */
import { useState } from 'react';
import { Col, DatePicker, Row, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { currentPeriod } from '@dzy/domain/period/period';
import type { DashboardField } from '@dzy/domain/progress/dashboard-fields';
import { useDashboardStats, useGreeting } from '../api';
import { CompaniesDrawer } from '../components/companies-drawer';
import { ConfirmPanel } from '../components/confirm-panel';
import { CountCards } from '../components/count-cards';
import { GreetingBanner } from '../components/greeting-banner';
import { ResultPanel } from '../components/result-panel';

const toMonth = (period: string): Dayjs => dayjs(`${period.slice(0, 4)}-${period.slice(4, 6)}-01`);

export default function HomeIndexPage() {
  const [period, setPeriod] = useState(() => currentPeriod());
  const [field, setField] = useState<DashboardField | null>(null);
  const stats = useDashboardStats(period);
  const greeting = useGreeting(period);
  const s = stats.data;
  const v = (f: DashboardField) => s?.[f] ?? 0;

  const picker = (
    <Space>
      <Typography.Text>所属期间</Typography.Text>
      <DatePicker
        picker="month"
        allowClear={false}
        value={toMonth(period)}
        onChange={(d) => d && setPeriod(d.format('YYYYMM'))}
        disabledDate={(d) => d.isAfter(dayjs(), 'month')}
        data-testid="home-period"
      />
    </Space>
  );

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="home-dashboard">
      <GreetingBanner data={greeting.data} extra={picker} />
      <CountCards stats={s} loading={stats.isLoading} onOpen={setField} />
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={8}>
          <ConfirmPanel title="单据确认" testId="panel-dj" fields={['countDjWks', 'countDjJxz', 'countDjYwc']} values={[v('countDjWks'), v('countDjJxz'), v('countDjYwc')]} onOpen={setField} />
        </Col>
        <Col xs={24} lg={8}>
          <ConfirmPanel title="税款确认" testId="panel-sk" fields={['countSkWks', 'countSkJxz', 'countSkYwc']} values={[v('countSkWks'), v('countSkJxz'), v('countSkYwc')]} onOpen={setField} />
        </Col>
        <Col xs={24} lg={8}>
          <ConfirmPanel title="社保确认" testId="panel-sb" fields={['countSbWks', 'countSbJxz', 'countSbYwc']} values={[v('countSbWks'), v('countSbJxz'), v('countSbYwc')]} onOpen={setField} />
        </Col>
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={8}>
          <ResultPanel
            title="电子税务局"
            testId="panel-etax"
            stats={s}
            onOpen={setField}
            headline={[
              { field: 'countTotal', label: '目标户数' },
              { field: 'keepStatusCount', label: '已授权可申报' },
            ]}
            groups={[
              {
                title: '申报结果',
                lines: [
                  { field: 'taxWsb', label: '未申报' },
                  { field: 'taxWxsb', label: '无需申报' },
                  { field: 'taxYsb', label: '已申报' },
                  { field: 'taxSbFail', label: '申报失败(数据错误)' },
                  { field: 'taxSbFail2', label: '申报失败(权限不足)' },
                ],
              },
              {
                title: '扣款结果',
                lines: [
                  { field: 'taxWkk', label: '未扣款' },
                  { field: 'taxWxkk', label: '无需扣款' },
                  { field: 'taxYkk', label: '已扣款' },
                  { field: 'taxKkFail', label: '扣款失败(数据错误)' },
                  { field: 'taxKkFail2', label: '扣款失败(权限不足)' },
                ],
              },
            ]}
          />
        </Col>
        <Col xs={24} lg={8}>
          <ResultPanel
            title="个人所得税"
            testId="panel-gs"
            stats={s}
            onOpen={setField}
            headline={[
              { field: 'countTotal', label: '目标户数' },
              { field: 'gsYhd', label: '已核定' },
            ]}
            groups={[
              {
                title: '综合所得',
                lines: [
                  { field: 'gsWsb', label: '未申报' },
                  { field: 'gsWxsb', label: '无需申报' },
                  { field: 'gsYsb', label: '已申报' },
                  { field: 'gsSbFail', label: '申报失败(数据错误)' },
                  { field: 'gsSbFail2', label: '申报失败(权限不足)' },
                ],
              },
              {
                title: '生产经营所得',
                lines: [
                  { field: 'gdWsb', label: '未申报' },
                  { field: 'gdWxsb', label: '无需申报' },
                  { field: 'gdYsb', label: '已申报' },
                  { field: 'gdSbFail', label: '申报失败(数据错误)' },
                ],
              },
            ]}
          />
        </Col>
        <Col xs={24} lg={8}>
          <ResultPanel
            title="社保"
            testId="panel-social"
            stats={s}
            onOpen={setField}
            headline={[
              { field: 'countTotal', label: '目标户数' },
              { field: 'shebaoCurentStart', label: '本期已启动' },
            ]}
            groups={[
              {
                title: '申报结果',
                lines: [
                  { field: 'socialWsb', label: '未申报' },
                  { field: 'socialWxsb', label: '无需申报' },
                  { field: 'socialYsb', label: '已申报' },
                  { field: 'socialSbFail', label: '申报失败' },
                ],
              },
              {
                title: '扣款结果',
                lines: [
                  { field: 'socialWkk', label: '未扣款' },
                  { field: 'socialWxkk', label: '无需扣款' },
                  { field: 'socialYkk', label: '已扣款' },
                  { field: 'socialKkFail', label: '扣款失败' },
                ],
              },
            ]}
          />
        </Col>
      </Row>
      <CompaniesDrawer period={period} field={field} onClose={() => setField(null)} />
    </Space>
  );
}
