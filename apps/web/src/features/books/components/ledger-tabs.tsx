/** 总账 (per subject: 期初, 本期合计, 本年累计 per period) and 明细账 (one subject's lines with running balance). */
import { useMemo, useState } from 'react';
import { Checkbox, Empty } from 'antd';
import { SubjectSelect } from '../../../components/subject-select';
import { useSubjects } from '../../subjects/api';
import { useDetailLedger, useGeneralLedger, type PeriodRange } from '../api';
import { FilterBar, PeriodRangePicker } from './book-filters';
import { LedgerTable, type LedgerTableRow } from './ledger-table';

interface RangeProps {
  range: PeriodRange;
  onRange: (r: PeriodRange) => void;
}

export function GeneralLedgerTab({ range, onRange }: RangeProps) {
  const subjects = useSubjects();
  const [fromId, setFromId] = useState<number | undefined>();
  const [toId, setToId] = useState<number | undefined>();
  const [hideZero, setHideZero] = useState(true);
  const codeOf = (id: number | undefined) => subjects.data?.find((s) => s.id === id)?.code;
  const data = useGeneralLedger({ ...range, subjectCodeFrom: codeOf(fromId), subjectCodeTo: codeOf(toId), hideZero });
  const rows = useMemo<LedgerTableRow[]>(
    () =>
      (data.data?.list ?? []).flatMap((s) =>
        s.rows.map((r, i) => ({ ...r, key: `${s.subjectId}:${i}`, groupLabel: i === 0 ? `${s.code} ${s.name}` : '' })),
      ),
    [data.data],
  );
  return (
    <>
      <FilterBar>
        <PeriodRangePicker value={range} onChange={onRange} />
        <SubjectSelect subjects={subjects.data ?? []} useDisplayCode includeStopped value={fromId} onChange={(v) => setFromId(v ?? undefined)} placeholder="起始科目" style={{ width: 200 }} />
        <span>至</span>
        <SubjectSelect subjects={subjects.data ?? []} useDisplayCode includeStopped value={toId} onChange={(v) => setToId(v ?? undefined)} placeholder="结束科目" style={{ width: 200 }} />
        <Checkbox checked={hideZero} onChange={(e) => setHideZero(e.target.checked)}>
          不显示零余额
        </Checkbox>
      </FilterBar>
      <LedgerTable rows={rows} loading={data.isLoading} groupTitle="科目" testId="general-ledger" />
    </>
  );
}

export function DetailLedgerTab({ range, onRange, subjectId, onSubject }: RangeProps & { subjectId?: number; onSubject: (id?: number) => void }) {
  const subjects = useSubjects();
  const data = useDetailLedger({ ...range, subjectId });
  const subject = subjects.data?.find((s) => s.id === subjectId);
  const rows = useMemo<LedgerTableRow[]>(() => (data.data?.rows ?? []).map((r, i) => ({ ...r, key: String(i) })), [data.data]);
  return (
    <>
      <FilterBar>
        <PeriodRangePicker value={range} onChange={onRange} />
        <SubjectSelect
          subjects={subjects.data ?? []}
          useDisplayCode
          includeStopped
          value={subjectId}
          onChange={(v) => onSubject(v ?? undefined)}
          placeholder="选择科目"
          style={{ width: 280 }}
          testId="detail-subject"
        />
      </FilterBar>
      {subjectId ? (
        <LedgerTable rows={rows} loading={data.isLoading} showSubject={subject ? !subject.isLeaf : false} testId="detail-ledger" />
      ) : (
        <Empty description="请选择科目" style={{ padding: 40 }} />
      )}
    </>
  );
}
