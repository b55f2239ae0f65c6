/** Financial statements (api/v2/report/*) for one period; keys start with 'reports' so voucher writes refresh them. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BalanceSheetResult, IncomeStatementResult } from '@dzy/domain/contracts/reports.contract';
import { api } from '../../lib/http';
import { useWindowState } from '../session/window-state';

function useReport<T>(call: 'balanceSheet' | 'incomeStatement', period: string) {
  const { comId } = useWindowState();
  return useQuery({
    queryKey: ['reports', call, comId, period],
    queryFn: () => api<T>(`/api/v2/report/${call}`, { period }),
    enabled: comId !== '' && period !== '',
    placeholderData: keepPreviousData,
  });
}

export const useBalanceSheet = (period: string) => useReport<BalanceSheetResult>('balanceSheet', period);
export const useIncomeStatement = (period: string) => useReport<IncomeStatementResult>('incomeStatement', period);
