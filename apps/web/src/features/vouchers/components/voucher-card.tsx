/** One voucher in the list or the recycle bin: header (选择, 字号, 日期, 来源, 制单人, actions) and its lines. */
import type { ReactNode } from 'react';
import { Checkbox, Tag } from 'antd';
import { VOUCHER_SOURCE_LABELS, type VoucherListRow } from '@dzy/domain/contracts/vouchers.contract';
import { formatMoney, parseAmount } from '@dzy/domain/ledger/money';
import styles from './voucher-card.module.css';

export const money = (yuan: string): string => {
  const r = parseAmount(yuan);
  return r.ok && r.fen !== 0 ? formatMoney(r.fen) : '';
};

export function VoucherCard({
  voucher,
  selected,
  onSelect,
  onOpen,
  actions,
}: {
  voucher: VoucherListRow;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onOpen?: () => void;
  actions: ReactNode;
}) {
  return (
    <div className={styles.card} data-testid={`voucher-card-${voucher.id}`} data-voucher-no={voucher.voucherNoText}>
      <div className={styles.head}>
        <Checkbox checked={selected} onChange={(e) => onSelect(e.target.checked)} data-testid={`voucher-check-${voucher.id}`} />
        <span className={styles.no} onClick={onOpen} data-testid="voucher-card-no">
          {voucher.voucherNoText}
        </span>
        <span className={styles.meta}>{voucher.voucherDate}</span>
        {voucher.billCount > 0 && <span className={styles.meta}>附单据 {voucher.billCount} 张</span>}
        {voucher.source !== 'manual' && <Tag color="purple">{VOUCHER_SOURCE_LABELS[voucher.source] ?? voucher.source}</Tag>}
        <span className={styles.meta}>制单人：{voucher.creatorName || '-'}</span>
        <span className={styles.actions}>{actions}</span>
      </div>
      <table className={styles.lines}>
        <colgroup>
          <col style={{ width: '30%' }} />
          <col />
          <col style={{ width: 150 }} />
          <col style={{ width: 150 }} />
        </colgroup>
        <tbody>
          {voucher.items.map((l) => (
            <tr key={l.lineNo}>
              <td>{l.summary}</td>
              <td>
                {l.subjectCode} {l.subjectName}
                {l.fzhsName ? `_${l.fzhsName}` : ''}
              </td>
              <td className={styles.money}>{money(l.inAmount)}</td>
              <td className={styles.money}>{money(l.outAmount)}</td>
            </tr>
          ))}
          <tr className={styles.total}>
            <td colSpan={2}>合计</td>
            <td className={styles.money}>{money(voucher.debitTotal)}</td>
            <td className={styles.money}>{money(voucher.creditTotal)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** Column captions above the cards. */
export function VoucherListHead() {
  return (
    <div className={styles.listHead}>
      <span style={{ width: '30%' }}>摘要</span>
      <span style={{ flex: 1 }}>会计科目</span>
      <span style={{ width: 150, textAlign: 'right' }}>借方金额</span>
      <span style={{ width: 150, textAlign: 'right' }}>贷方金额</span>
    </div>
  );
}
