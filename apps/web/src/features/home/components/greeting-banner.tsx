/** The greeting banner of spec 000 §2.4: cnName, days with us, this month's deadline, days left, encouragement. */
import { Card, Flex, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { IndexEtax3Result } from '@dzy/domain/contracts/home.contract';

export function GreetingBanner({ data, extra }: { data: IndexEtax3Result | undefined; extra: ReactNode }) {
  return (
    <Card size="small" style={{ background: 'linear-gradient(90deg, #e6f4ff 0%, #ffffff 100%)' }} data-testid="home-greeting">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Space orientation="vertical" size={2}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {data ? `${data.greeting}，${data.cnName}` : '您好'}
          </Typography.Title>
          {data && (
            <Typography.Text>
              您与代账云已相识 <Typography.Text strong data-testid="home-apart-time">{data.apartTime}</Typography.Text> 天；本月申报截止日为{' '}
              <Typography.Text strong data-testid="home-deadline-day">
                {data.day}
              </Typography.Text>{' '}
              日
              {data.daysLeft !== null && (
                <>
                  ，距申报截止还有{' '}
                  <Typography.Text strong type={data.daysLeft <= 3 ? 'danger' : undefined} data-testid="home-days-left">
                    {data.daysLeft}
                  </Typography.Text>{' '}
                  天
                </>
              )}
              。
            </Typography.Text>
          )}
          {data && <Typography.Text type="secondary">{data.encouragement}</Typography.Text>}
        </Space>
        {extra}
      </Flex>
    </Card>
  );
}
