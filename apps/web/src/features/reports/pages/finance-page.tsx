/**
 * /report/finance — 财务报表: 资产负债表 (with the balance check 资产总计 = 负债和所有者权益总计 shown as a tag) and
 * 利润表 of a period, from the statement line formulas of the company's accounting standard.
 */
import { useState } from 'react';
import { Card, DatePicker, Empty, Space, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { periodName } from '@dzy/domain/period/period';
import { formatMoney, parseAmount } from '@dzy/domain/ledger/money';
import { useSession } from '../../session/session-context';
import { useBalanceSheet, useIncomeStatement } from '../api';
import { BalanceSheetTable, IncomeStatementTable } from '../components/statement-tables';

const money = (yuan: string) => {
  const r = parseAmount(yuan);
  return r.ok ? formatMoney(r.fen) : yuan;
};

export default function FinancePage() {
  const { window: w, info } = useSession();
  const [period, setPeriod] = useState(w.period);
  const [tab, setTab] = useState<'bs' | 'is'>('bs');
  const bs = useBalanceSheet(tab === 'bs' ? period : '');
  const is = useIncomeStatement(tab === 'is' ? period : '');

  if (!w.comId || !period) {
    return (
      <Card>
        <Empty description="请先进入公司账簿" />
      </Card>
    );
  }
  const form = tab === 'bs' ? bs.data?.form : is.data?.form;

  return (
    <Card data-testid="finance-page" styles={{ body: { paddingTop: 4 } }}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k === 'is' ? 'is' : 'bs')}
        items={[
          { key: 'bs', label: '资产负债表' },
          { key: 'is', label: '利润表' },
        ]}
        tabBarExtraContent={
          <DatePicker
            picker="month"
            allowClear={false}
            value={dayjs(`${period.slice(0, 4)}-${period.slice(4, 6)}-01`)}
            onChange={(d) => d && setPeriod(d.format('YYYYMM'))}
            data-testid="finance-period"
          />
        }
      />
      <div style={{ textAlign: 'center', marginBottom: 8 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {tab === 'bs' ? '资产负债表' : '利润表'}
        </Typography.Title>
        <Space size={24} style={{ color: '#5b6b82', marginTop: 4 }}>
          <span>{form ?? ''}</span>
          <span>编制单位：{info.comInfo?.comName ?? ''}</span>
          <span>{periodName(period)}</span>
          <span>单位：元</span>
          {tab === 'bs' && bs.data && (
            <Tag color={bs.data.balanced ? 'success' : 'error'} data-testid="balance-sheet-check">
              {bs.data.balanced ? '平衡' : '不平衡'}
            </Tag>
          )}
        </Space>
        {tab === 'bs' && bs.data && !bs.data.balanced && (
          <Typography.Paragraph type="danger" style={{ margin: '4px 0 0' }} data-testid="balance-sheet-diff">
            {bs.data.assetsTotal === bs.data.liabilitiesAndEquityTotal
              ? '年初余额：资产总计与负债和所有者权益总计不相等'
              : `期末余额：资产总计 ${money(bs.data.assetsTotal)} ≠ 负债和所有者权益总计 ${money(bs.data.liabilitiesAndEquityTotal)}`}
          </Typography.Paragraph>
        )}
      </div>
      {tab === 'bs' ? (
        <BalanceSheetTable lines={bs.data?.list ?? []} loading={bs.isLoading} />
      ) : (
        <IncomeStatementTable lines={is.data?.list ?? []} loading={is.isLoading} />
      )}
    </Card>
  );
}
