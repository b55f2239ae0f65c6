/** The voucher's header: 凭证字, 号 (next number for a new voucher), 日期 (inside the period), 附单据 N 张. */
import { DatePicker, InputNumber, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { VOUCHER_WORDS } from '@dzy/domain/contracts/vouchers.contract';

export interface VoucherHead {
  word: string;
  date: string;
  billCount: number;
}

/** Today when it lies in the period, else the period's last day (month-end entries are the common case). */
export function defaultVoucherDate(period: string): string {
  const first = dayjs(`${period.slice(0, 4)}-${period.slice(4, 6)}-01`);
  const today = dayjs();
  return today.isSame(first, 'month') ? today.format('YYYY-MM-DD') : first.endOf('month').format('YYYY-MM-DD');
}

export function VoucherHeader({
  head,
  onChange,
  voucherNo,
  period,
  readOnly,
  settled,
}: {
  head: VoucherHead;
  onChange: (head: VoucherHead) => void;
  /** The number shown: the voucher's own, or the next free one for a new voucher. */
  voucherNo: number | undefined;
  period: string;
  readOnly: boolean;
  settled: boolean;
}) {
  const first = dayjs(`${period.slice(0, 4)}-${period.slice(4, 6)}-01`);
  const outside = (d: Dayjs) => !d.isSame(first, 'month');
  return (
    <Space size={20} wrap data-testid="voucher-header">
      <Space size={6}>
        <Select
          value={head.word}
          onChange={(word) => onChange({ ...head, word })}
          disabled={readOnly}
          style={{ width: 64 }}
          options={VOUCHER_WORDS.map((w) => ({ value: w, label: w }))}
          data-testid="voucher-word"
        />
        <Typography.Text>字</Typography.Text>
        <Typography.Text strong style={{ fontSize: 16, minWidth: 32, display: 'inline-block' }} data-testid="voucher-no">
          {voucherNo ?? '-'}
        </Typography.Text>
        <Typography.Text>号</Typography.Text>
      </Space>
      <Space size={6}>
        <Typography.Text>日期</Typography.Text>
        <DatePicker
          value={dayjs(head.date)}
          allowClear={false}
          disabled={readOnly}
          disabledDate={outside}
          onChange={(d) => d && onChange({ ...head, date: d.format('YYYY-MM-DD') })}
          data-testid="voucher-date"
        />
      </Space>
      <Space size={6}>
        <Typography.Text>附单据</Typography.Text>
        <InputNumber
          min={0}
          max={9999}
          precision={0}
          value={head.billCount}
          disabled={readOnly}
          onChange={(v) => onChange({ ...head, billCount: v ?? 0 })}
          style={{ width: 72 }}
          data-testid="voucher-bill-count"
        />
        <Typography.Text>张</Typography.Text>
      </Space>
      {settled && <Tag color="orange">本期已结账</Tag>}
    </Space>
  );
}
