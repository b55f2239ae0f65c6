/** The carry-forward vouchers a close would generate now (结转未交增值税, 计提附加税费, 结转损益, 结转本年利润). */
import { Collapse, Empty, Space, Table, Tag, Typography } from 'antd';
import type { CarryForwardLine, CarryForwardPreview } from '@dzy/domain/contracts/settle.contract';
import { formatMoney, parseAmount } from '@dzy/domain/ledger/money';

const money = (yuan: string) => {
  const r = parseAmount(yuan);
  return r.ok ? (r.fen === 0 ? '' : formatMoney(r.fen)) : yuan;
};

export function CarryForwardList({ items }: { items: CarryForwardPreview[] }) {
  if (items.length === 0) return <Empty description="本期无需生成结转凭证" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Collapse
      size="small"
      data-testid="settle-carry-forwards"
      items={items.map((cf) => ({
        key: cf.source,
        label: (
          <Space>
            <span>{cf.name}</span>
            {cf.ok ? (
              cf.lines.length ? <Tag color="blue">金额 {money(cf.amount)}</Tag> : <Tag>无需结转</Tag>
            ) : (
              <Tag color="error">{cf.msg}</Tag>
            )}
          </Space>
        ),
        children: (
          <>
            {cf.notes.length > 0 && (
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                {cf.notes.join('；')}
              </Typography.Paragraph>
            )}
            <Table<CarryForwardLine & { key: number }>
              size="small"
              pagination={false}
              dataSource={cf.lines.map((l, i) => ({ ...l, key: i }))}
              locale={{ emptyText: '没有分录' }}
              columns={[
                { title: '摘要', dataIndex: 'summary' },
                { title: '科目', key: 'subject', render: (_v, l) => `${l.code} ${l.name}` },
                { title: '借方', dataIndex: 'debit', align: 'right', width: 140, render: money },
                { title: '贷方', dataIndex: 'credit', align: 'right', width: 140, render: money },
              ]}
            />
          </>
        ),
      }))}
    />
  );
}
