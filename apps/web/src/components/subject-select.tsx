/**
 * Accounting-subject selector (spec 001 §2): searches by code, by name (full path 应交税费-应交增值税-进项税额) or
 * by pinyin initials of the name (yjsf → 应交税费), shows the code and full name, and optionally the balance.
 *
 *     <SubjectSelect subjects={list} value={id} onChange={setId} leafOnly />
 *
 * `subjects` is the flat findSubjects list; stopped subjects are left out unless `includeStopped`.
 */
import { forwardRef, useMemo, type ReactNode } from 'react';
import { Select, type RefSelectProps, type SelectProps } from 'antd';
import { pinyin } from 'pinyin-pro';

/** What the selector needs of a subject (structurally the findSubjects list item). */
export interface SubjectOptionSource {
  id: number;
  code: string;
  name: string;
  name3: string;
  isLeaf: boolean;
  status: number;
  fzhsId?: number | null;
  fzhsName?: string | null;
  /** Code with the account set's separator ('2221.01'). */
  displayCode?: string;
}

export interface SubjectOption {
  value: number;
  label: string;
  code: string;
  search: string;
  disabled?: boolean;
}

const initialsCache = new Map<string, string>();

/** 'yjsf' for 应交税费; letters and digits of the name are kept as they are. */
export function pinyinInitials(text: string): string {
  const hit = initialsCache.get(text);
  if (hit !== undefined) return hit;
  const value = pinyin(text, { pattern: 'first', toneType: 'none', type: 'array' })
    .join('')
    .replace(/[^0-9a-z]/gi, '')
    .toLowerCase();
  initialsCache.set(text, value);
  return value;
}

/** The code and full-path name shown for a subject: '2221 应交税费-应交增值税'. */
export function subjectLabel(s: Pick<SubjectOptionSource, 'code' | 'name' | 'name3'>, displayCode?: string): string {
  return `${displayCode ?? s.code} ${s.name3 || s.name}`;
}

export function buildSubjectOptions(
  subjects: readonly SubjectOptionSource[],
  opts: { leafOnly?: boolean; includeStopped?: boolean; showFzhs?: boolean; useDisplayCode?: boolean } = {},
): SubjectOption[] {
  return subjects
    .filter((s) => (opts.includeStopped || s.status === 1) && (!opts.leafOnly || s.isLeaf))
    .map((s) => {
      const full = s.name3 || s.name;
      const fzhs = opts.showFzhs && s.fzhsName ? `（辅助核算：${s.fzhsName}）` : '';
      return {
        value: s.id,
        code: s.code,
        label: `${subjectLabel(s, opts.useDisplayCode ? s.displayCode : undefined)}${fzhs}`,
        search: `${s.code} ${s.displayCode ?? ""} ${full.toLowerCase()} ${pinyinInitials(full)} ${pinyinInitials(s.name)}`,
        disabled: s.status !== 1,
      };
    });
}

/** Matches on code prefix, name text or pinyin initials; code-prefix matches sort first. */
export function filterSubjectOption(input: string, option: SubjectOption | undefined): boolean {
  const q = input.trim().toLowerCase();
  return !q || (option?.search.includes(q) ?? false);
}

function sortByQuery(a: SubjectOption, b: SubjectOption, q: string): number {
  const ap = a.code.startsWith(q) ? 0 : 1;
  const bp = b.code.startsWith(q) ? 0 : 1;
  return ap - bp || a.code.localeCompare(b.code);
}

export interface SubjectSelectProps
  extends Omit<SelectProps<number, SubjectOption>, 'options' | 'showSearch' | 'filterOption' | 'mode'> {
  subjects: readonly SubjectOptionSource[];
  leafOnly?: boolean;
  includeStopped?: boolean;
  /** Append the auxiliary-accounting name to each option (add-subject dialog's parent selector). */
  showFzhs?: boolean;
  /** Show codes with the account set's separator. */
  useDisplayCode?: boolean;
  /** Extra content under the option list (e.g. a 新增科目 link). */
  footer?: ReactNode;
  testId?: string;
}

export const SubjectSelect = forwardRef<RefSelectProps, SubjectSelectProps>(function SubjectSelect(
  { subjects, leafOnly, includeStopped, showFzhs, useDisplayCode, footer, testId, ...rest },
  ref,
) {
  const options = useMemo(
    () => buildSubjectOptions(subjects, { leafOnly, includeStopped, showFzhs, useDisplayCode }),
    [subjects, leafOnly, includeStopped, showFzhs, useDisplayCode],
  );
  return (
    <Select<number, SubjectOption>
      ref={ref}
      placeholder="编码/名称/拼音首字母"
      allowClear
      data-testid={testId}
      {...rest}
      options={options}
      showSearch={{
        filterOption: filterSubjectOption,
        filterSort: (a, b, info) => sortByQuery(a, b, info.searchValue.trim().toLowerCase()),
      }}
      popupRender={
        footer
          ? (menu) => (
              <>
                {menu}
                <div style={{ borderTop: '1px solid #f0f0f0', padding: '4px 8px' }}>{footer}</div>
              </>
            )
          : undefined
      }
    />
  );
});
