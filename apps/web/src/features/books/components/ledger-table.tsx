/**
 * Ledger rows (总账, 明细账, 辅助核算明细账): 期初余额, the voucher lines, 本期合计 and 本年累计 per period, with the
 * running balance and its side (借 / 贷 / 平). A voucher number opens the voucher.
 */
import { useNavigate } from 'react-router';
import { Table, type TableColumnsType } from 'antd';
import type { LedgerRow } from '@dzy/domain/contracts/books.contract';
import { money, moneyColumn, testRow } from './book-format';

export type LedgerTableRow = LedgerRow & { key: string; subjectCode?: string; subjectName?: string; groupLabel?: string };

const KIND_SUMMARY: Record<LedgerRow['kind'], string> = { opening: '期初余额', line: '', period: '本期合计', year: '本年累计' };

export function LedgerTable({
  rows,
  loading,
  showSubject,
  groupTitle,
  testId,
}: {
  rows: LedgerTableRow[];
  loading: boolean;
  /** Show the line's subject (a parent subject's 明细账, 辅助核算明细账). */
  showSubject?: boolean;
  /** Title of a leading group column (总账: the subject). */
  groupTitle?: string;
  testId: string;
}) {
  const navigate = useNavigate();
  const columns: TableColumnsType<LedgerTableRow> = [];
  if (groupTitle) columns.push({ title: groupTitle, dataIndex: 'groupLabel', width: 200 });
  columns.push(
    { title: '期间', dataIndex: 'period', width: 80 },
    { title: '日期', dataIndex: 'date', width: 100 },
    {
      title: '凭证字号',
      dataIndex: 'voucherNo',
      width: 90,
      render: (v: string, r) => (r.voucherId ? <a onClick={() => navigate(`/bookkeeps/addVoucher?id=${r.voucherId}`)}>{v}</a> : v),
    },
    {
      title: '摘要',
      dataIndex: 'summary',
      render: (v: string, r) => (r.kind === 'line' ? v : <b>{v || KIND_SUMMARY[r.kind]}</b>),
    },
  );
  if (showSubject) columns.push({ title: '科目', key: 'subject', render: (_v, r) => (r.subjectCode ? `${r.subjectCode} ${r.subjectName ?? ''}` : '') });
  columns.push(
    { title: '借方', dataIndex: 'debit', ...moneyColumn, render: money },
    { title: '贷方', dataIndex: 'credit', ...moneyColumn, render: money },
    { title: '方向', dataIndex: 'direction', width: 56, align: 'center' },
    { title: '余额', dataIndex: 'balance', ...moneyColumn, render: (v: string) => money(v) || '0.00' },
  );
  return (
    <Table<LedgerTableRow>
      data-testid={testId}
      size="small"
      bordered
      rowKey="key"
      loading={loading}
      columns={columns}
      dataSource={rows}
      pagination={rows.length > 200 ? { defaultPageSize: 200, pageSizeOptions: [100, 200, 500], showSizeChanger: true } : false}
      onRow={(r) => testRow(`${testId}-${r.kind}`)}
      scroll={{ y: 'calc(100vh - 330px)' }}
    />
  );
}
