/** 现金日记账 (1001) and 银行日记账 (1002): lines with 对方科目 and the running balance, per account. */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Select, Table } from 'antd';
import type { CashJournalRow } from '@dzy/domain/contracts/books.contract';
import { useCashJournal, type PeriodRange } from '../api';
import { money, moneyColumn, testRow } from './book-format';
import { FilterBar, PeriodRangePicker } from './book-filters';

const KIND_SUMMARY: Record<CashJournalRow['kind'], string> = { opening: '期初余额', line: '', period: '本期合计', year: '本年累计' };

export function CashJournalTab({ kind, range, onRange }: { kind: 'cashJournal' | 'bankJournal'; range: PeriodRange; onRange: (r: PeriodRange) => void }) {
  const navigate = useNavigate();
  const [subjectId, setSubjectId] = useState<number | undefined>();
  const data = useCashJournal(kind, { ...range, subjectId });
  const rows = useMemo(() => (data.data?.rows ?? []).map((r, i) => ({ ...r, key: String(i) })), [data.data]);
  return (
    <>
      <FilterBar>
        <PeriodRangePicker value={range} onChange={onRange} />
        <Select<number>
          allowClear
          value={subjectId}
          onChange={(v) => setSubjectId(v ?? undefined)}
          placeholder={kind === 'cashJournal' ? '全部现金账户' : '全部银行账户'}
          style={{ width: 240 }}
          options={(data.data?.accounts ?? []).map((a) => ({ value: a.subjectId, label: `${a.code} ${a.name}` }))}
        />
      </FilterBar>
      <Table<CashJournalRow & { key: string }>
        data-testid={`${kind}-table`}
        size="small"
        bordered
        rowKey="key"
        loading={data.isLoading}
        dataSource={rows}
        pagination={false}
        onRow={(r) => testRow(`${kind}-${r.kind}`)}
        scroll={{ y: 'calc(100vh - 340px)' }}
        columns={[
          { title: '日期', dataIndex: 'date', width: 100 },
          {
            title: '凭证字号',
            dataIndex: 'voucherNo',
            width: 90,
            render: (v: string, r) => (r.voucherId ? <a onClick={() => navigate(`/bookkeeps/addVoucher?id=${r.voucherId}`)}>{v}</a> : v),
          },
          { title: '摘要', dataIndex: 'summary', render: (v: string, r) => (r.kind === 'line' ? v : <b>{v || KIND_SUMMARY[r.kind]}</b>) },
          { title: '账户', key: 'account', width: 180, render: (_v, r) => (r.subjectCode ? `${r.subjectCode} ${r.subjectName}` : '') },
          { title: '对方科目', dataIndex: 'counterSubjects', width: 200 },
          { title: '收入（借方）', dataIndex: 'debit', ...moneyColumn, render: money },
          { title: '支出（贷方）', dataIndex: 'credit', ...moneyColumn, render: money },
          { title: '方向', dataIndex: 'direction', width: 56, align: 'center' },
          { title: '余额', dataIndex: 'balance', ...moneyColumn, render: (v: string) => money(v) || '0.00' },
        ]}
      />
    </>
  );
}
