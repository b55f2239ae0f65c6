/**
 * The opening-balance grid of one category: code, name, direction, (mid-year: 年初余额, 本年累计借方/贷方),
 * 期初余额. Typed rows get inputs; parents and auxiliary-bound subjects show their children's sum.
 */
import { Button, Input, Table, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { SUBJECT_DIRECTION_LABELS } from '@dzy/domain/contracts/subjects.contract';
import { formatMoney, parseAmount } from '@dzy/domain/ledger/money';
import type { GridRow, OpeningField } from './opening-rows';

const show = (fen: number) => (fen === 0 ? '' : formatMoney(fen));

function cellTestId(r: GridRow, field: OpeningField): string {
  return `opening-${field}-${r.code}${r.fzhsItemId > 0 ? `-${r.fzhsItemCode}` : ''}`;
}

export function OpeningTable({
  rows,
  midYear,
  editable,
  loading,
  onEdit,
  onAddItem,
}: {
  rows: GridRow[];
  midYear: boolean;
  editable: boolean;
  loading: boolean;
  onEdit: (key: string, field: OpeningField, text: string) => void;
  onAddItem: (row: GridRow) => void;
}) {
  const cell = (field: OpeningField) => (_v: unknown, r: GridRow) => {
    const fen = field === 'amount' ? r.fen.amount : field === 'yearDebit' ? r.fen.yearDebit : r.fen.yearCredit;
    if (!editable || !r.editable) {
      return (
        <span style={{ fontWeight: r.level === 1 && r.fzhsItemId === 0 ? 600 : undefined }} data-testid={cellTestId(r, field)}>
          {show(fen)}
        </span>
      );
    }
    const parsed = parseAmount(r.text[field]);
    const bad = !parsed.ok;
    return (
      <Tooltip title={parsed.ok ? undefined : parsed.msg} open={bad ? undefined : false}>
        <Input
          size="small"
          value={r.text[field]}
          status={bad ? 'error' : undefined}
          style={{ textAlign: 'right' }}
          onChange={(e) => onEdit(r.key, field, e.target.value)}
          data-testid={cellTestId(r, field)}
        />
      </Tooltip>
    );
  };

  const columns: TableColumnsType<GridRow> = [
    {
      title: '科目编码',
      dataIndex: 'displayCode',
      width: 150,
      render: (v: string, r) => (r.fzhsItemId > 0 ? <span style={{ color: '#888' }}>{r.fzhsItemCode}</span> : <span style={{ fontFamily: 'monospace' }}>{v}</span>),
    },
    {
      title: '科目名称',
      dataIndex: 'name',
      render: (v: string, r) => (
        <span style={{ paddingInlineStart: (r.level - 1) * 14 + (r.fzhsItemId > 0 ? 14 : 0) }}>
          {r.fzhsItemId > 0 ? `└ ${r.fzhsItemName}` : v}
          {editable && r.fzhsId && r.fzhsItemId === 0 && (
            <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => onAddItem(r)} data-testid={`opening-add-item-${r.code}`}>
              辅助项目
            </Button>
          )}
        </span>
      ),
    },
    { title: '方向', dataIndex: 'type', width: 56, align: 'center', render: (v: 1 | 2) => SUBJECT_DIRECTION_LABELS[v] },
  ];
  if (midYear) {
    columns.push(
      { title: '年初余额', key: 'yearBegin', width: 150, align: 'right', render: (_v, r) => show(r.fen.yearBegin) },
      { title: '本年累计借方', key: 'yearDebit', width: 150, align: 'right', render: cell('yearDebit') },
      { title: '本年累计贷方', key: 'yearCredit', width: 150, align: 'right', render: cell('yearCredit') },
    );
  }
  columns.push({ title: '期初余额', key: 'amount', width: 160, align: 'right', render: cell('amount') });

  return (
    <Table<GridRow>
      data-testid="opening-table"
      size="small"
      rowKey="key"
      loading={loading}
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ y: 'calc(100vh - 330px)' }}
    />
  );
}
