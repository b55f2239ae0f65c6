/** 辅助核算余额表 (per item of a category: opening, period, year to date, closing) and 辅助核算明细账 (one item). */
import { useMemo, useState } from 'react';
import { Checkbox, Empty, Select, Table, type TableColumnsType } from 'antd';
import type { FzhsBalanceRow } from '@dzy/domain/contracts/books.contract';
import { SubjectSelect } from '../../../components/subject-select';
import { useFzhsCategories, useFzhsItems, useSubjects } from '../../subjects/api';
import { useFzhsBalance, useFzhsDetail, type PeriodRange } from '../api';
import { money, moneyColumn, testRow } from './book-format';
import { FilterBar, PeriodRangePicker } from './book-filters';
import { LedgerTable, type LedgerTableRow } from './ledger-table';

interface RangeProps {
  range: PeriodRange;
  onRange: (r: PeriodRange) => void;
}

type BalanceRow = FzhsBalanceRow & { key: string };

function useCategoryPicker() {
  const categories = useFzhsCategories();
  const [picked, setPicked] = useState<number | undefined>();
  const categoryId = picked ?? categories.data?.[0]?.id;
  const select = (
    <Select<number>
      value={categoryId}
      onChange={setPicked}
      style={{ width: 130 }}
      placeholder="辅助核算类别"
      loading={categories.isLoading}
      options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      data-testid="fzhs-book-category"
    />
  );
  return { categoryId, select };
}

export function FzhsBalanceTab({ range, onRange }: RangeProps) {
  const subjects = useSubjects();
  const { categoryId, select } = useCategoryPicker();
  const [subjectId, setSubjectId] = useState<number | undefined>();
  const [hideZero, setHideZero] = useState(true);
  const data = useFzhsBalance({ ...range, categoryId, subjectId, hideZero });
  const rows = useMemo<BalanceRow[]>(() => {
    const d = data.data;
    return d ? [...d.list.map((r, i) => ({ ...r, key: `${r.subjectId}:${r.fzhsId}:${i}` })), { ...d.total, key: 'total' }] : [];
  }, [data.data]);
  const pair = (title: string, a: keyof FzhsBalanceRow, b: keyof FzhsBalanceRow) => ({
    title,
    children: [
      { title: '借方', dataIndex: a, ...moneyColumn, render: money },
      { title: '贷方', dataIndex: b, ...moneyColumn, render: money },
    ],
  });
  const columns: TableColumnsType<BalanceRow> = [
    { title: '编码', dataIndex: 'fzhsCode', width: 100, fixed: 'left' },
    { title: '名称', dataIndex: 'fzhsName', width: 160, fixed: 'left', render: (v: string, r) => (r.key === 'total' ? <b>合计</b> : v) },
    { title: '科目', key: 'subject', width: 180, render: (_v, r) => (r.key === 'total' ? '' : `${r.code} ${r.name}`) },
    pair('期初余额', 'beginDebit', 'beginCredit'),
    pair('本期发生额', 'debit', 'credit'),
    pair('本年累计', 'yearDebit', 'yearCredit'),
    pair('期末余额', 'endDebit', 'endCredit'),
  ];
  return (
    <>
      <FilterBar>
        <PeriodRangePicker value={range} onChange={onRange} />
        {select}
        <SubjectSelect subjects={subjects.data ?? []} useDisplayCode includeStopped value={subjectId} onChange={(v) => setSubjectId(v ?? undefined)} placeholder="全部科目" style={{ width: 220 }} />
        <Checkbox checked={hideZero} onChange={(e) => setHideZero(e.target.checked)}>
          不显示零余额
        </Checkbox>
      </FilterBar>
      <Table<BalanceRow>
        data-testid="fzhs-balance-table"
        size="small"
        bordered
        rowKey="key"
        loading={data.isLoading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        onRow={(r) => testRow(r.key === 'total' ? 'fzhs-balance-row-total' : `fzhs-balance-row-${r.fzhsCode}`)}
        scroll={{ x: 1500, y: 'calc(100vh - 340px)' }}
      />
    </>
  );
}

export function FzhsDetailTab({ range, onRange }: RangeProps) {
  const { categoryId, select } = useCategoryPicker();
  const items = useFzhsItems(categoryId ?? null, '', !!categoryId);
  const [fzhsId, setFzhsId] = useState<number | undefined>();
  const data = useFzhsDetail({ ...range, fzhsId });
  const rows = useMemo<LedgerTableRow[]>(() => (data.data?.rows ?? []).map((r, i) => ({ ...r, key: String(i) })), [data.data]);
  return (
    <>
      <FilterBar>
        <PeriodRangePicker value={range} onChange={onRange} />
        {select}
        <Select<number>
          value={fzhsId}
          onChange={setFzhsId}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="选择辅助核算项目"
          style={{ width: 240 }}
          options={(items.data ?? []).map((i) => ({ value: i.id, label: `${i.code} ${i.name}` }))}
          data-testid="fzhs-detail-item"
        />
      </FilterBar>
      {fzhsId ? (
        <LedgerTable rows={rows} loading={data.isLoading} showSubject testId="fzhs-detail" />
      ) : (
        <Empty description="请选择辅助核算项目" style={{ padding: 40 }} />
      )}
    </>
  );
}
