/** The top counts of spec 000 §2.4: customers, tax bureau online / offline, tax and social tasks started. */
import { Card, Col, Row, Statistic } from 'antd';
import { CloudOutlined, DisconnectOutlined, ShopOutlined, FileDoneOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { DASHBOARD_FIELD_LABELS, type DashboardField, type DashboardStats } from '@dzy/domain/progress/dashboard-fields';
import type { ReactNode } from 'react';
import type { OpenField } from './count-link';

const CARDS: { field: DashboardField; title: string; icon: ReactNode; color: string }[] = [
  { field: 'countTotal', title: '客户总数', icon: <ShopOutlined />, color: '#1677ff' },
  { field: 'countEmpower', title: '税局在线', icon: <CloudOutlined />, color: '#52c41a' },
  { field: 'countEmpower3', title: '税局掉线', icon: <DisconnectOutlined />, color: '#ff4d4f' },
  { field: 'curentStart', title: DASHBOARD_FIELD_LABELS.curentStart, icon: <FileDoneOutlined />, color: '#722ed1' },
  { field: 'shebaoCurentStart', title: DASHBOARD_FIELD_LABELS.shebaoCurentStart, icon: <SafetyCertificateOutlined />, color: '#fa8c16' },
];

export function CountCards({ stats, loading, onOpen }: { stats: DashboardStats | undefined; loading: boolean; onOpen: OpenField }) {
  return (
    <Row gutter={[12, 12]}>
      {CARDS.map((c) => (
        <Col key={c.field} flex="1 1 180px">
          <Card hoverable size="small" onClick={() => onOpen(c.field)} data-testid={`card-${c.field}`}>
            <Statistic
              title={c.title}
              value={stats?.[c.field] ?? 0}
              suffix="家"
              loading={loading}
              prefix={<span style={{ color: c.color }}>{c.icon}</span>}
              data-testid={`card-value-${c.field}`}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
