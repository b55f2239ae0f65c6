/**
 * 科目余额表: per subject the opening balance, the period's debit and credit, the year to date and the closing
 * balance, with the 合计 row; filters: period range, subject range, level, hide zero rows. Clicking a subject
 * opens its 明细账.
 */
import { useMemo, useState } from 'react';
import { Checkbox, Select, Table, Tag, type TableColumnsType } from 'antd';
import type { SubjectBalanceRow } from '@dzy/domain/contracts/books.contract';
import { SubjectSelect } from '../../../components/subject-select';
import { useSubjects } from '../../subjects/api';
import { useSubjectBalance, type PeriodRange } from '../api';
import { money, moneyColumn, testRow } from './book-format';
import { FilterBar, PeriodRangePicker } from './book-filters';

type Row = SubjectBalanceRow & { key: string };

const pair = (title: string, debit: keyof SubjectBalanceRow, credit: keyof SubjectBalanceRow) => ({
  title,
  children: [
    { title: '借方', dataIndex: debit, ...moneyColumn, render: money },
    { title: '贷方', dataIndex: credit, ...moneyColumn, render: money },
  ],
});

export function SubjectBalanceTab({
  range,
  onRange,
  onOpenDetail,
}: {
  range: PeriodRange;
  onRange: (r: PeriodRange) => void;
  onOpenDetail: (subjectId: number) => void;
}) {
  const subjects = useSubjects();
  const [level, setLevel] = useState<number | undefined>();
  const [fromId, setFromId] = useState<number | undefined>();
  const [toId, setToId] = useState<number | undefined>();
  const [hideZero, setHideZero] = useState(true);
  const codeOf = (id: number | undefined) => subjects.data?.find((s) => s.id === id)?.code;
  const displayCode = useMemo(() => new Map((subjects.data ?? []).map((s) => [s.code, s.displayCode])), [subjects.data]);
  const data = useSubjectBalance({
    ...range,
    level,
    subjectCodeFrom: codeOf(fromId),
    subjectCodeTo: codeOf(toId),
    hideZero,
  });

  const rows = useMemo<Row[]>(() => {
    const d = data.data;
    if (!d) return [];
    return [...d.list.map((r) => ({ ...r, key: r.code })), { ...d.total, key: 'total' }];
  }, [data.data]);
  const t = data.data?.total;
  const balanced = !!t && t.endDebit === t.endCredit && t.beginDebit === t.beginCredit && t.debit === t.credit;

  const columns: TableColumnsType<Row> = [
    {
      title: '科目编码',
      dataIndex: 'code',
      width: 110,
      fixed: 'left',
      render: (v: string, r) =>
        r.subjectId === null ? '' : <a onClick={() => r.subjectId && onOpenDetail(r.subjectId)}>{displayCode.get(v) ?? v}</a>,
    },
    {
      title: '科目名称',
      dataIndex: 'name',
      width: 170,
      fixed: 'left',
      render: (v: string, r) =>
        r.subjectId === null ? <b>合计</b> : <span style={{ paddingInlineStart: (r.level - 1) * 12, fontWeight: r.level === 1 ? 500 : undefined }}>{v}</span>,
    },
    pair('期初余额', 'beginDebit', 'beginCredit'),
    pair('本期发生额', 'debit', 'credit'),
    pair('本年累计发生额', 'yearDebit', 'yearCredit'),
    pair('期末余额', 'endDebit', 'endCredit'),
  ];

  return (
    <>
      <FilterBar
        extra={
          t && (
            <Tag color={balanced ? 'success' : 'error'} data-testid="balance-check">
              {balanced ? '试算平衡' : '试算不平衡'}
            </Tag>
          )
        }
      >
        <PeriodRangePicker value={range} onChange={onRange} testId="balance-periods" />
        <SubjectSelect
          subjects={subjects.data ?? []}
          useDisplayCode
          includeStopped
          value={fromId}
          onChange={(v) => setFromId(v ?? undefined)}
          placeholder="起始科目"
          style={{ width: 200 }}
          testId="balance-subject-from"
        />
        <span>至</span>
        <SubjectSelect
          subjects={subjects.data ?? []}
          useDisplayCode
          includeStopped
          value={toId}
          onChange={(v) => setToId(v ?? undefined)}
          placeholder="结束科目"
          style={{ width: 200 }}
          testId="balance-subject-to"
        />
        <Select<number | ''>
          value={level ?? ''}
          onChange={(v) => setLevel(v === '' ? undefined : v)}
          style={{ width: 110 }}
          options={[{ value: '', label: '全部级次' }, ...[1, 2, 3, 4, 5, 6].map((n) => ({ value: n, label: `${n}级科目` }))]}
          data-testid="balance-level"
        />
        <Checkbox checked={hideZero} onChange={(e) => setHideZero(e.target.checked)} data-testid="balance-hide-zero">
          不显示零余额
        </Checkbox>
      </FilterBar>
      <Table<Row>
        data-testid="balance-table"
        size="small"
        bordered
        rowKey="key"
        loading={data.isLoading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        onRow={(r) => testRow(r.subjectId === null ? 'balance-row-total' : `balance-row-${r.code}`)}
        scroll={{ x: 1210, y: 'calc(100vh - 340px)' }}
        rowClassName={(r) => (r.subjectId === null ? 'ant-table-row-selected' : '')}
      />
    </>
  );
}
