/**
 * 资产负债表 in the official two-half layout (资产 | 负债和所有者权益, each with 行次, 期末余额, 年初余额) and
 * 利润表 (项目, 行次, 本年累计金额, 本月金额). Headings show no amounts, totals are bold, 其中 lines indented.
 */
import { Table, type TableColumnsType } from 'antd';
import type { BalanceSheetLine, IncomeStatementLine } from '@dzy/domain/contracts/reports.contract';
import { formatMoney, parseAmount } from '@dzy/domain/ledger/money';

const amount = (yuan: string | undefined, kind: string | undefined): string => {
  if (yuan === undefined || kind === 'heading') return '';
  const r = parseAmount(yuan);
  return r.ok ? (r.fen === 0 ? '' : formatMoney(r.fen)) : yuan;
};

function nameCell(name: string | undefined, kind: string | undefined, subItem = false) {
  if (!name) return null;
  if (kind === 'total' || kind === 'heading') return <b>{name}</b>;
  return <span style={{ paddingInlineStart: subItem || kind === 'detail' ? 28 : 14 }}>{name}</span>;
}

interface SheetRow {
  key: number;
  left?: BalanceSheetLine;
  right?: BalanceSheetLine;
}

export function BalanceSheetTable({ lines, loading }: { lines: BalanceSheetLine[]; loading: boolean }) {
  const left = lines.filter((l) => l.side === 'assets');
  const right = lines.filter((l) => l.side === 'liabilities_equity');
  const rows: SheetRow[] = Array.from({ length: Math.max(left.length, right.length) }, (_, i) => ({ key: i, left: left[i], right: right[i] }));
  const half = (side: 'left' | 'right', title: string): TableColumnsType<SheetRow> => [
    { title, key: `${side}-name`, render: (_v, r) => nameCell(r[side]?.name, r[side]?.kind, r[side]?.isSubItem) },
    { title: '行次', key: `${side}-no`, width: 56, align: 'center', render: (_v, r) => r[side]?.lineNo ?? '' },
    { title: '期末余额', key: `${side}-end`, width: 140, align: 'right', render: (_v, r) => amount(r[side]?.endAmount, r[side]?.kind) },
    { title: '年初余额', key: `${side}-begin`, width: 140, align: 'right', render: (_v, r) => amount(r[side]?.beginAmount, r[side]?.kind) },
  ];
  return (
    <Table<SheetRow>
      data-testid="balance-sheet-table"
      size="small"
      bordered
      rowKey="key"
      loading={loading}
      pagination={false}
      dataSource={rows}
      columns={[...half('left', '资产'), ...half('right', '负债和所有者权益（或股东权益）')]}
      onRow={(r) => ({ className: 'dzy-report-row', 'data-testid': `bs-row-${r.key}`, 'data-left': r.left?.name ?? '', 'data-right': r.right?.name ?? '' })}
    />
  );
}

export function IncomeStatementTable({ lines, loading }: { lines: IncomeStatementLine[]; loading: boolean }) {
  return (
    <Table<IncomeStatementLine & { key: number }>
      data-testid="income-statement-table"
      size="small"
      bordered
      rowKey="key"
      loading={loading}
      pagination={false}
      dataSource={lines.map((l, i) => ({ ...l, key: i }))}
      onRow={(r) => ({ className: 'dzy-report-row', 'data-testid': `is-row-${r.key}`, 'data-name': r.name })}
      columns={[
        { title: '项目', dataIndex: 'name', render: (v: string, r) => nameCell(v, r.kind) },
        { title: '行次', dataIndex: 'lineNo', width: 64, align: 'center' },
        { title: '本年累计金额', dataIndex: 'yearAmount', width: 180, align: 'right', render: (v: string, r) => amount(v, r.kind) },
        { title: '本月金额', dataIndex: 'periodAmount', width: 180, align: 'right', render: (v: string, r) => amount(v, r.kind) },
      ]}
    />
  );
}
