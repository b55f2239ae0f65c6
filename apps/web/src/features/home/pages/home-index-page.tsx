/**
 * /homeIndex for now (issue 2): a welcome with the user's name, organization, how many companies they serve
 * and the current period. The full dashboard of spec 000 §2.4 comes with issue 5.
 */
import { Card, Col, Row, Space, Statistic, Tag, Typography } from 'antd';
import { ApartmentOutlined, CalendarOutlined, ShopOutlined, AppstoreOutlined } from '@ant-design/icons';
import { currentPeriod, periodName } from '@dzy/domain/period/period';
import { routeIcon } from '../../../components/route-icon';
import { useSession } from '../../session/session-context';
import { useVisibleCompanyCount } from '../../shell/api';
import { useSwitchModule } from '../../shell/use-switch-module';

function greeting(hour: number): string {
  if (hour < 6) return '凌晨好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

export default function HomeIndexPage() {
  const { info } = useSession();
  const { current: module, switchTo } = useSwitchModule();
  const count = useVisibleCompanyCount();
  const period = currentPeriod();

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="home-welcome">
      <Card>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {greeting(new Date().getHours())}，{info.user.cnName}
        </Typography.Title>
        <Typography.Text type="secondary">
          欢迎使用代账云。{info.user.orgName}
          {info.user.isAdmin && (
            <Tag color="blue" style={{ marginInlineStart: 8 }}>
              主账号
            </Tag>
          )}
        </Typography.Text>
      </Card>
      <Row gutter={12}>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic title="所属机构" value={info.user.orgName} prefix={<ApartmentOutlined />} styles={{ content: { fontSize: 18 } }} />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic
              title="服务中的客户"
              value={count.data ?? '-'}
              suffix={count.data === undefined ? undefined : '家'}
              prefix={<ShopOutlined />}
              loading={count.isLoading}
              data-testid="home-company-count"
            />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic title="当前期间" value={periodName(period)} prefix={<CalendarOutlined />} styles={{ content: { fontSize: 18 } }} data-testid="home-period" />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic title="当前模块" value={module || '财务核算'} prefix={<AppstoreOutlined />} styles={{ content: { fontSize: 18 } }} />
          </Card>
        </Col>
      </Row>
      {info.modules.length > 0 && (
        <Card title="我的模块" size="small">
          <Space wrap size={[8, 8]}>
            {info.modules.map((m) => (
              <Tag
                key={m.name}
                icon={routeIcon(m.icon)}
                style={{ padding: '4px 10px', cursor: 'pointer', fontSize: 13 }}
                color={m.name === module ? 'blue' : 'default'}
                onClick={() => void switchTo(m.name).catch(() => undefined)}
              >
                {m.name}
              </Tag>
            ))}
          </Space>
        </Card>
      )}
    </Space>
  );
}
