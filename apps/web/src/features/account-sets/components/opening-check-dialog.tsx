/** 试算平衡 result: debit and credit totals of the opening balances, and 资产 = 负债 + 所有者权益. */
import { Descriptions, Modal, Tag, Typography } from 'antd';
import type { OpeningCheckResult } from '@dzy/domain/contracts/opening-balances.contract';
import { formatMoney, parseAmount } from '@dzy/domain/ledger/money';

const money = (yuan: string) => {
  const r = parseAmount(yuan);
  return r.ok ? formatMoney(r.fen) : yuan;
};
const diff = (a: string, b: string) => {
  const x = parseAmount(a);
  const y = parseAmount(b);
  return x.ok && y.ok ? formatMoney(x.fen - y.fen) : '-';
};

export function OpeningCheckDialog({ result, onClose }: { result: OpeningCheckResult | null; onClose: () => void }) {
  const eq = result?.equation;
  return (
    <Modal open={result !== null} title="试算平衡" width={560} footer={null} onCancel={onClose} data-testid="opening-check-dialog">
      {result && eq && (
        <>
          <Descriptions bordered size="small" column={1} title="期初余额">
            <Descriptions.Item label="借方合计">
              <span data-testid="opening-debit-total">{money(result.debitTotal)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="贷方合计">
              <span data-testid="opening-credit-total">{money(result.creditTotal)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="差额">{diff(result.debitTotal, result.creditTotal)}</Descriptions.Item>
            <Descriptions.Item label="结果">
              {result.balanced ? <Tag color="success">平衡</Tag> : <Tag color="error">不平衡</Tag>}
            </Descriptions.Item>
          </Descriptions>
          <Descriptions bordered size="small" column={1} title="资产 = 负债 + 所有者权益" style={{ marginTop: 16 }}>
            <Descriptions.Item label="资产">{money(eq.assets)}</Descriptions.Item>
            <Descriptions.Item label="负债">{money(eq.liabilities)}</Descriptions.Item>
            <Descriptions.Item label="所有者权益（含本年利润）">{money(eq.equity)}</Descriptions.Item>
            <Descriptions.Item label="结果">
              {eq.balanced ? <Tag color="success">平衡</Tag> : <Tag color="error">不平衡</Tag>}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type={result.checked ? 'success' : 'danger'} style={{ marginTop: 12 }} data-testid="opening-check-result">
            {result.checked ? '试算平衡通过，可以开始记账和结账。' : '试算不平衡，首期结账前请修正期初数据。'}
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
