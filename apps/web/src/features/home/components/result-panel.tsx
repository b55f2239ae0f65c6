/** A filing panel (电子税务局 / 个税 / 社保): headline counts, then result lines per kind, each clickable. */
import { Card, Col, Divider, Flex, Row, Statistic, Typography } from 'antd';
import type { DashboardField, DashboardStats } from '@dzy/domain/progress/dashboard-fields';
import { CountLink, type OpenField } from './count-link';

export interface ResultGroup {
  title: string;
  lines: readonly { field: DashboardField; label: string }[];
}

export interface ResultPanelProps {
  title: string;
  headline: readonly { field: DashboardField; label: string }[];
  groups: readonly ResultGroup[];
  stats: DashboardStats | undefined;
  onOpen: OpenField;
  testId: string;
}

export function ResultPanel({ title, headline, groups, stats, onOpen, testId }: ResultPanelProps) {
  return (
    <Card size="small" title={title} data-testid={testId} style={{ height: '100%' }}>
      <Row gutter={8}>
        {headline.map((h) => (
          <Col span={12} key={h.field}>
            <Statistic title={h.label} valueRender={() => <CountLink scope={testId} field={h.field} value={stats?.[h.field]} onOpen={onOpen} strong />} />
          </Col>
        ))}
      </Row>
      {groups.map((g) => (
        <div key={g.title}>
          <Divider titlePlacement="start" plain style={{ margin: '10px 0 6px' }}>
            {g.title}
          </Divider>
          {g.lines.map((l) => (
            <Flex key={l.field} justify="space-between" style={{ padding: '2px 0' }}>
              <Typography.Text type={l.label.includes('失败') ? 'danger' : undefined}>{l.label}</Typography.Text>
              <CountLink scope={testId} field={l.field} value={stats?.[l.field]} onOpen={onOpen} />
            </Flex>
          ))}
        </div>
      ))}
    </Card>
  );
}
