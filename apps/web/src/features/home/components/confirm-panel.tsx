/**
 * One confirmation step (单据 / 税款确认 / 社保确认): a pie with the confirmed percentage in the middle and a
 * bar over the three statuses; clicking a slice, a bar or a number lists those companies.
 */
import { Card, Col, Flex, Row, Typography } from 'antd';
import { confirmedPercent } from '@dzy/domain/progress/confirmed-percent';
import { CONFIRM_STATUS_LABELS } from '@dzy/domain/progress/progress-status';
import type { DashboardField } from '@dzy/domain/progress/dashboard-fields';
import { CountLink, type OpenField } from './count-link';
import { LazyEChart } from './lazy-echart';

const COLORS = ['#d9d9d9', '#faad14', '#52c41a'];

export interface ConfirmPanelProps {
  title: string;
  /** The fields for 未开始, 进行中, 已完成. */
  fields: readonly [DashboardField, DashboardField, DashboardField];
  values: readonly [number, number, number];
  onOpen: OpenField;
  testId: string;
}

export function ConfirmPanel({ title, fields, values, onOpen, testId }: ConfirmPanelProps) {
  const [notStarted, inProgress, completed] = values;
  const percent = confirmedPercent({ notStarted, inProgress, completed });
  const labels = [CONFIRM_STATUS_LABELS[0], CONFIRM_STATUS_LABELS[1], CONFIRM_STATUS_LABELS[2]];
  const open = (i: number) => {
    const f = fields[i];
    if (f) onOpen(f);
  };
  return (
    <Card size="small" title={title} data-testid={testId}>
      <Row gutter={8} align="middle">
        <Col span={11}>
          <LazyEChart
            height={170}
            onClickIndex={open}
            option={{
              tooltip: { trigger: 'item', formatter: '{b}: {c}家 ({d}%)' },
              title: { text: `${percent}%`, subtext: '已确认', left: 'center', top: 'center', textStyle: { fontSize: 18 }, subtextStyle: { fontSize: 12 } },
              series: [
                {
                  type: 'pie',
                  radius: ['55%', '80%'],
                  label: { show: false },
                  data: labels.map((name, i) => ({ name, value: values[i], itemStyle: { color: COLORS[i] } })),
                },
              ],
            }}
          />
        </Col>
        <Col span={13}>
          <LazyEChart
            height={130}
            onClickIndex={open}
            option={{
              tooltip: { trigger: 'axis' },
              grid: { left: 30, right: 8, top: 10, bottom: 22 },
              xAxis: { type: 'category', data: labels },
              yAxis: { type: 'value', minInterval: 1 },
              series: [{ type: 'bar', barMaxWidth: 28, data: values.map((value, i) => ({ value, itemStyle: { color: COLORS[i] } })) }],
            }}
          />
          <Flex justify="space-around">
            {labels.map((name, i) => (
              <Typography.Text key={name} type="secondary">
                {name} <CountLink scope={testId} field={fields[i] ?? 'comCount'} value={values[i]} onOpen={onOpen} strong />
              </Typography.Text>
            ))}
          </Flex>
        </Col>
      </Row>
      <Typography.Text type="secondary" data-testid={`${testId}-percent`}>
        确认率 {percent}%
      </Typography.Text>
    </Card>
  );
}
