/**
 * Account books (api/v2/book/*) as TanStack Query hooks. Company from this window's ComId header; every
 * query key starts with 'books' so voucher writes refresh them. Each query runs only once its required
 * filters are set (a 明细账 needs a subject, a 辅助核算 book a category or item).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CashJournalResult,
  DetailLedgerResult,
  FzhsBalanceResult,
  FzhsDetailResult,
  GeneralLedgerResult,
  JournalResult,
  SubjectBalanceResult,
} from '@dzy/domain/contracts/books.contract';
import { api } from '../../lib/http';
import { useWindowState } from '../session/window-state';

export interface PeriodRange {
  beginPeriod: string;
  endPeriod: string;
}

export interface BalanceFilters extends PeriodRange {
  level?: number;
  subjectCodeFrom?: string;
  subjectCodeTo?: string;
  hideZero?: boolean;
}

function useBook<T>(call: string, body: object, enabled = true) {
  const { comId } = useWindowState();
  return useQuery({
    queryKey: ['books', call, comId, body],
    queryFn: () => api<T>(`/api/v2/book/${call}`, body),
    enabled: enabled && comId !== '',
    placeholderData: keepPreviousData,
  });
}

export const useSubjectBalance = (f: BalanceFilters) => useBook<SubjectBalanceResult>('subjectBalance', f);

export const useGeneralLedger = (f: Omit<BalanceFilters, 'level'>) => useBook<GeneralLedgerResult>('generalLedger', f);

export const useDetailLedger = (f: PeriodRange & { subjectId?: number; fzhsId?: number }) =>
  useBook<DetailLedgerResult>('detailLedger', f, !!f.subjectId);

export const useJournal = (f: PeriodRange & { summary?: string; page: number; limit: number }) => useBook<JournalResult>('journal', f);

export const useFzhsBalance = (f: PeriodRange & { categoryId?: number; subjectId?: number; hideZero?: boolean }) =>
  useBook<FzhsBalanceResult>('fzhsBalance', f, !!f.categoryId);

export const useFzhsDetail = (f: PeriodRange & { fzhsId?: number; subjectId?: number }) =>
  useBook<FzhsDetailResult>('fzhsDetail', f, !!f.fzhsId);

export const useCashJournal = (kind: 'cashJournal' | 'bankJournal', f: PeriodRange & { subjectId?: number }) =>
  useBook<CashJournalResult>(kind, f);
