/** 序时账: every voucher line of the period range in date and number order, searchable by summary. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Input, Table, Typography } from 'antd';
import type { JournalRow } from '@dzy/domain/contracts/books.contract';
import { useJournal, type PeriodRange } from '../api';
import { money, moneyColumn } from './book-format';
import { FilterBar, PeriodRangePicker } from './book-filters';

export function JournalTab({ range, onRange }: { range: PeriodRange; onRange: (r: PeriodRange) => void }) {
  const navigate = useNavigate();
  const [summary, setSummary] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(50);
  const data = useJournal({ ...range, summary: summary || undefined, page, limit });
  return (
    <>
      <FilterBar
        extra={
          data.data && (
            <Typography.Text type="secondary">
              借方合计 {money(data.data.debitSum) || '0.00'}{'  '}贷方合计 {money(data.data.creditSum) || '0.00'}
            </Typography.Text>
          )
        }
      >
        <PeriodRangePicker value={range} onChange={onRange} />
        <Input.Search allowClear placeholder="摘要" style={{ width: 200 }} onSearch={(v) => { setSummary(v.trim()); setPage(1); }} />
      </FilterBar>
      <Table<JournalRow>
        data-testid="journal-table"
        size="small"
        bordered
        rowKey={(r) => `${r.voucherId}:${r.lineNo}`}
        loading={data.isLoading}
        dataSource={data.data?.list ?? []}
        scroll={{ y: 'calc(100vh - 380px)' }}
        pagination={{
          current: page,
          pageSize: limit,
          total: data.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100, 200, 500],
          showTotal: (t) => `共 ${t} 条`,
          onChange: (p, s) => {
            setPage(s === limit ? p : 1);
            setLimit(s);
          },
        }}
        columns={[
          { title: '日期', dataIndex: 'date', width: 100 },
          {
            title: '凭证字号',
            dataIndex: 'voucherNo',
            width: 90,
            render: (v: string, r) => <a onClick={() => navigate(`/bookkeeps/addVoucher?id=${r.voucherId}`)}>{v}</a>,
          },
          { title: '摘要', dataIndex: 'summary' },
          {
            title: '科目',
            key: 'subject',
            render: (_v, r) => `${r.subjectCode} ${r.subjectName}${r.fzhsName ? `_${r.fzhsName}` : ''}`,
          },
          { title: '借方', dataIndex: 'debit', ...moneyColumn, render: money },
          { title: '贷方', dataIndex: 'credit', ...moneyColumn, render: money },
        ]}
      />
    </>
  );
}
