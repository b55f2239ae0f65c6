/**
 * One line of the voucher entry grid: 摘要, 会计科目 (+ auxiliary item when the subject has auxiliary
 * accounting), 借方金额 and 贷方金额 in digit cells. Keys are handled by the grid (onKey); Enter on a subject or
 * item select that is open picks the option (the grid then moves on through onPicked).
 */
import { useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Button, Select, type RefSelectProps } from 'antd';
import { MinusCircleOutlined, PlusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { CoopType } from '@dzy/domain/contracts/fzhs.contract';
import type { SubjectItem } from '@dzy/domain/contracts/subjects.contract';
import { AmountCellInput } from '../../../components/amount-cells';
import { PartnerDialog } from '../../../components/partner-dialog';
import { SubjectSelect } from '../../../components/subject-select';
import { useFzhsCategories, useFzhsItems } from '../../subjects/api';
import { fenOf, roundAmountText, type EditorLine } from './voucher-lines';
import styles from './voucher-grid.module.css';

export type Col = 'summary' | 'subject' | 'fzhs' | 'debit' | 'credit';

/** Anything the grid can move the focus to. */
export interface Focusable {
  focus: () => void;
}

export interface VoucherLineRowProps {
  index: number;
  line: EditorLine;
  subject: SubjectItem | undefined;
  subjects: readonly SubjectItem[];
  readOnly: boolean;
  register: (col: Col, el: Focusable | null) => void;
  onPatch: (patch: Partial<EditorLine>) => void;
  onKey: (col: Col, e: KeyboardEvent<HTMLElement>) => void;
  /** An option was chosen in the subject or item select (by Enter or click). */
  onPicked: (col: 'subject' | 'fzhs') => void;
  onInsert: () => void;
  onRemove: () => void;
  subjectFooter: ReactNode;
}

function FzhsCell({
  index,
  categoryId,
  subjectId,
  value,
  readOnly,
  register,
  onChange,
  onKey,
  onPicked,
}: {
  index: number;
  categoryId: number;
  subjectId: number;
  value: number | null;
  readOnly: boolean;
  register: (el: Focusable | null) => void;
  onChange: (id: number | null) => void;
  onKey: (e: KeyboardEvent<HTMLElement>) => void;
  onPicked: () => void;
}) {
  const items = useFzhsItems(categoryId);
  const categories = useFzhsCategories();
  const kind = categories.data?.find((c) => c.id === categoryId)?.kind;
  // 客户 / 供应商 lines can create the missing partner on the spot (新增往来单位), bound to this line's subject.
  const partnerType: CoopType | null = kind === 'customer' ? '1' : kind === 'supplier' ? '2' : null;
  const [adding, setAdding] = useState(false);
  const [used, setUsed] = useState(false);
  const open = useRef(false);
  const options = useMemo(
    () => (items.data ?? []).filter((i) => i.status === 1 || i.id === value).map((i) => ({ value: i.id, label: `${i.code} ${i.name}` })),
    [items.data, value],
  );
  return (
    <div
      className={styles.fzhs}
      onKeyDownCapture={(e) => {
        // A closed select with a value: Enter moves on instead of re-opening the list.
        if (e.key === 'Enter' && !open.current && value !== null) {
          e.preventDefault();
          e.stopPropagation();
          onKey(e);
        }
      }}
    >
      <Select<number>
        ref={(el: RefSelectProps | null) => register(el)}
        size="small"
        style={{ width: '100%' }}
        placeholder="选择辅助核算项目"
        value={value ?? undefined}
        disabled={readOnly}
        loading={items.isLoading}
        options={options}
        showSearch={{ optionFilterProp: 'label' }}
        onOpenChange={(o) => {
          open.current = o;
        }}
        onChange={(v) => onChange(v ?? null)}
        onSelect={onPicked}
        popupRender={
          partnerType
            ? (menu) => (
                <>
                  {menu}
                  <div style={{ borderTop: '1px solid #f0f0f0', padding: '4px 8px' }}>
                    <Button
                      type="link"
                      size="small"
                      icon={<PlusOutlined />}
                      // Keeps the focus in the grid; moving on to 借方 closes the list before the dialog opens.
                      onMouseDown={(e: MouseEvent) => {
                        e.preventDefault();
                        e.stopPropagation();
                      }}
                      onClick={() => {
                        onPicked();
                        setUsed(true);
                        setAdding(true);
                      }}
                      data-testid={`voucher-fzhs-add-${index}`}
                    >
                      新增往来单位
                    </Button>
                  </div>
                </>
              )
            : undefined
        }
        data-testid={`voucher-fzhs-${index}`}
      />
      {/* Mounted from its first use on (a grid may have many partner lines); it stays for its closing, which hands the focus back. */}
      {partnerType && used && (
        <PartnerDialog
          open={adding}
          type={partnerType}
          subjectId={subjectId}
          onClose={() => setAdding(false)}
          onSaved={(p) => {
            onChange(p.fzhsId);
            onPicked();
          }}
        />
      )}
    </div>
  );
}

export function VoucherLineRow({
  index,
  line,
  subject,
  subjects,
  readOnly,
  register,
  onPatch,
  onKey,
  onPicked,
  onInsert,
  onRemove,
  subjectFooter,
}: VoucherLineRowProps) {
  const subjectOpen = useRef(false);
  const amountKeys = (col: 'debit' | 'credit') => (e: KeyboardEvent<HTMLInputElement>) => onKey(col, e);
  /** Digits, one point and thousands commas only: amounts on a voucher line are never negative. */
  const clean = (text: string) => text.replace(/[^\d.,]/g, '');

  return (
    <tr className={styles.row} data-testid={`voucher-row-${index}`}>
      <td className={styles.index}>
        {index + 1}
        {!readOnly && (
          <span className={styles.rowTools}>
            <button type="button" className={styles.toolBtn} title="在上方插入一行" onClick={onInsert} tabIndex={-1}>
              <PlusCircleOutlined />
            </button>
            <button type="button" className={styles.toolBtn} title="删除此行" onClick={onRemove} tabIndex={-1}>
              <MinusCircleOutlined />
            </button>
          </span>
        )}
      </td>
      <td>
        <input
          ref={(el) => register('summary', el)}
          className={styles.summary}
          value={line.summary}
          maxLength={200}
          readOnly={readOnly}
          placeholder={index === 0 ? '摘要' : ''}
          onChange={(e) => onPatch({ summary: e.target.value })}
          onKeyDown={(e) => onKey('summary', e)}
          data-testid={`voucher-summary-${index}`}
        />
      </td>
      <td
        className={styles.subjectCell}
        onKeyDownCapture={(e) => {
          if (e.key === 'Enter' && !subjectOpen.current && line.subjectId !== null && (e.target as HTMLElement).closest(`[data-testid="voucher-subject-${index}"]`)) {
            e.preventDefault();
            e.stopPropagation();
            onKey('subject', e);
          }
        }}
      >
        <SubjectSelect
          ref={(el: RefSelectProps | null) => register('subject', el)}
          subjects={subjects}
          leafOnly
          useDisplayCode
          variant="borderless"
          style={{ width: '100%' }}
          value={line.subjectId ?? undefined}
          disabled={readOnly}
          allowClear={false}
          popupMatchSelectWidth={420}
          footer={subjectFooter}
          onOpenChange={(o) => {
            subjectOpen.current = o;
          }}
          onChange={(v) => {
            const next = subjects.find((s) => s.id === v);
            onPatch({ subjectId: v ?? null, fzhsId: next?.fzhsId && next.fzhsId === subject?.fzhsId ? line.fzhsId : null });
          }}
          onSelect={() => onPicked('subject')}
          testId={`voucher-subject-${index}`}
        />
        {subject?.fzhsId ? (
          <FzhsCell
            index={index}
            categoryId={subject.fzhsId}
            subjectId={subject.id}
            value={line.fzhsId}
            readOnly={readOnly}
            register={(el) => register('fzhs', el)}
            onChange={(id) => onPatch({ fzhsId: id })}
            onKey={(e) => onKey('fzhs', e)}
            onPicked={() => onPicked('fzhs')}
          />
        ) : null}
      </td>
      <td className={styles.amount}>
        <AmountCellInput
          ref={(el) => register('debit', el)}
          value={line.debit}
          fen={fenOf(line.debit)}
          disabled={readOnly}
          onChange={(t) => onPatch(clean(t) ? { debit: clean(t), credit: '' } : { debit: '' })}
          onKeyDown={amountKeys('debit')}
          onBlur={() => roundAmountText(line.debit) !== line.debit && onPatch({ debit: roundAmountText(line.debit) })}
          testId={`voucher-debit-${index}`}
        />
      </td>
      <td className={styles.amount}>
        <AmountCellInput
          ref={(el) => register('credit', el)}
          value={line.credit}
          fen={fenOf(line.credit)}
          disabled={readOnly}
          onChange={(t) => onPatch(clean(t) ? { credit: clean(t), debit: '' } : { credit: '' })}
          onKeyDown={amountKeys('credit')}
          onBlur={() => roundAmountText(line.credit) !== line.credit && onPatch({ credit: roundAmountText(line.credit) })}
          testId={`voucher-credit-${index}`}
        />
      </td>
    </tr>
  );
}
