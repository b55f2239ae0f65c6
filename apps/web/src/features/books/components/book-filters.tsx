/** The books' period range (months) and the shared filter bar layout. */
import type { ReactNode } from 'react';
import { DatePicker, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { PeriodRange } from '../api';

const toDay = (p: string) => dayjs(`${p.slice(0, 4)}-${p.slice(4, 6)}-01`);

export function PeriodRangePicker({ value, onChange, testId }: { value: PeriodRange; onChange: (v: PeriodRange) => void; testId?: string }) {
  return (
    <DatePicker.RangePicker
      picker="month"
      allowClear={false}
      value={[toDay(value.beginPeriod), toDay(value.endPeriod)]}
      onChange={(v) => {
        const [a, b] = v ?? [];
        if (a && b) onChange({ beginPeriod: (a as Dayjs).format('YYYYMM'), endPeriod: (b as Dayjs).format('YYYYMM') });
      }}
      data-testid={testId}
    />
  );
}

export function FilterBar({ children, extra }: { children: ReactNode; extra?: ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
      <Space wrap>{children}</Space>
      {extra && <Space wrap>{extra}</Space>}
    </div>
  );
}
