/**
 * 凭证预览 (spec 001): voucher number, date and number of attached bills; lines with summary, subject name, an
 * optional inventory column and debit/credit in 13 digit cells; the total row with the amount in capital
 * Chinese. Previews a saved voucher ({ id }) or an unsaved draft ({ info, voucherItem }); the 保存 button
 * (when onSave is given) works only once the preview has loaded.
 *
 *     <VoucherPreviewDialog source={{ id: 12 }} onClose={close} />
 *     <VoucherPreviewDialog source={{ draft: body }} onSave={save} onClose={close} />
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Spin } from 'antd';
import type { SaveVoucherBody } from '@dzy/domain/contracts/vouchers.contract';
import { parseAmount } from '@dzy/domain/ledger/money';
import { errorMessage } from '../lib/http';
import { fetchVoucherPreview } from '../features/vouchers/api';
import { AmountDigits, AmountHeader } from './amount-cells';
import styles from './voucher-preview-dialog.module.css';

export type VoucherPreviewSource = { id: number } | { draft: Pick<SaveVoucherBody, 'info' | 'voucherItem'> };

const fen = (yuan: string): number => {
  const r = parseAmount(yuan);
  return r.ok ? r.fen : 0;
};

export function VoucherPreviewDialog({
  source,
  onClose,
  onSave,
  saving,
  numberHint,
}: {
  /** null = closed. */
  source: VoucherPreviewSource | null;
  onClose: () => void;
  onSave?: () => void;
  saving?: boolean;
  /** The number a draft will get ('记-7'), shown while the server's preview has none yet ('记-'). */
  numberHint?: string;
}) {
  const preview = useQuery({
    queryKey: ['vouchers', 'preview', source],
    queryFn: () => fetchVoucherPreview(source && 'id' in source ? { id: source.id } : source ? source.draft : { id: 0 }),
    enabled: source !== null,
    staleTime: 0,
    gcTime: 0,
    meta: { silent: true },
    retry: false,
  });
  const data = preview.data;
  const withInventory = !!data?.voucherItem.some((l) => l.inventoryIds.length > 0);

  return (
    <Modal
      open={source !== null}
      title="凭证预览"
      width={withInventory ? 1000 : 860}
      onCancel={onClose}
      destroyOnHidden
      data-testid="voucher-preview-dialog"
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        onSave ? (
          <Button key="save" type="primary" disabled={!data} loading={saving} onClick={onSave} data-testid="voucher-preview-save">
            保存
          </Button>
        ) : null,
      ]}
    >
      {preview.isError ? (
        <Alert type="error" showIcon title={errorMessage(preview.error)} />
      ) : !data ? (
        <div style={{ padding: 60, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : (
        <div data-testid="voucher-preview">
          <div className={styles.title}>记账凭证</div>
          <div className={styles.meta}>
            <span>
              凭证字号：<b data-testid="voucher-preview-no">{data.info.voucherNo.endsWith('-') && numberHint ? numberHint : data.info.voucherNo}</b>
            </span>
            <span>
              日期：<span data-testid="voucher-preview-date">{data.info.voucherDate}</span>
            </span>
            <span>
              附单据 <span data-testid="voucher-preview-bills">{data.info.billCount}</span> 张
            </span>
          </div>
          <table className={styles.sheet}>
            <colgroup>
              <col style={{ width: withInventory ? '22%' : '30%' }} />
              <col />
              {withInventory && <col style={{ width: '16%' }} />}
              <col style={{ width: 196 }} />
              <col style={{ width: 196 }} />
            </colgroup>
            <thead>
              <tr>
                <th rowSpan={2}>摘要</th>
                <th rowSpan={2}>会计科目</th>
                {withInventory && <th rowSpan={2}>存货</th>}
                <th className={styles.amount}>借方金额</th>
                <th className={styles.amount}>贷方金额</th>
              </tr>
              <tr>
                <th className={styles.amount}>
                  <AmountHeader />
                </th>
                <th className={styles.amount}>
                  <AmountHeader />
                </th>
              </tr>
            </thead>
            <tbody>
              {data.voucherItem.map((l, i) => (
                <tr key={i} data-testid={`voucher-preview-line-${i}`}>
                  <td>{l.summary}</td>
                  <td>{l.subjectName}</td>
                  {withInventory && <td>{l.inventoryIds.map((x) => x.inventoryName3).join('、')}</td>}
                  <td className={styles.amount}>
                    <AmountDigits fen={fen(l.inAmount)} />
                  </td>
                  <td className={styles.amount}>
                    <AmountDigits fen={fen(l.outAmount)} />
                  </td>
                </tr>
              ))}
              <tr className={styles.total}>
                <td colSpan={withInventory ? 3 : 2}>
                  合计：<span data-testid="voucher-preview-capital">{data.info.bigwrite}</span>
                </td>
                <td className={styles.amount}>
                  <AmountDigits fen={fen(data.info.inSumAmount)} testId="voucher-preview-total-debit" />
                </td>
                <td className={styles.amount}>
                  <AmountDigits fen={fen(data.info.outSumAmount)} testId="voucher-preview-total-credit" />
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
