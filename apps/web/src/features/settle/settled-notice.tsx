/**
 * Shows a failed call's message (antd message.error). The already-settled answer (HTTP 409
 * '本期已结账，请先进行反结账', spec 001 §8) gets a link to the reverse-settlement page (route settle-account).
 *
 *     const showError = useShowApiError();
 *     try { await save.mutateAsync(body) } catch (err) { showError(err) }
 *
 * Mutations that use it set `meta: { silent: true }` so the query client does not show the message twice.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { isSettled, type PeriodsResult } from '@dzy/domain/contracts/companies.contract';
import { findRouteByName } from '@dzy/domain/routes/index';
import { api, ApiError, errorMessage } from '../../lib/http';
import { windowStore } from '../../lib/session-store';
import { shellKeys } from '../shell/api';

export const SETTLED_MSG = '本期已结账，请先进行反结账';
export const SETTLE_ACCOUNT_PATH = findRouteByName('settle-account')?.path ?? '/bookkeeps/settleAccount';

export function isSettledError(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 409 || err.msg === SETTLED_MSG) && err.msg.includes('已结账');
}

export function useShowApiError(): (err: unknown) => void {
  const { message } = App.useApp();
  const navigate = useNavigate();
  return useCallback(
    (err: unknown) => {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      if (err instanceof ApiError && err.status === 401) return;
      if (!isSettledError(err)) {
        void message.error(errorMessage(err));
        return;
      }
      const key = 'settled-period';
      void message.error({
        key,
        duration: 6,
        content: (
          <span data-testid="settled-error">
            {errorMessage(err)}
            <a
              style={{ marginInlineStart: 8 }}
              data-testid="settled-error-link"
              onClick={() => {
                message.destroy(key);
                navigate(SETTLE_ACCOUNT_PATH);
              }}
            >
              去反结账
            </a>
          </span>
        ),
      });
    },
    [message, navigate],
  );
}

/**
 * The settlement check a button runs before it acts (spec 001 §5-6): resolves false — after showing the
 * already-settled message with its link — when this window's period is closed.
 */
export function useEnsurePeriodOpen(): () => Promise<boolean> {
  const qc = useQueryClient();
  const showError = useShowApiError();
  return useCallback(async () => {
    const { comId, period } = windowStore.get();
    if (!comId || !period) return true;
    try {
      const periods = await qc.fetchQuery({
        queryKey: shellKeys.periods(comId),
        queryFn: () => api<PeriodsResult>('/api/v2/company/periods', {}),
        staleTime: 5_000,
      });
      const current = [...periods.listThis, ...periods.listOld].find((p) => p.period === period);
      if (current && isSettled(current.settleStatus)) {
        showError(new ApiError(SETTLED_MSG, 409));
        return false;
      }
      return true;
    } catch (err) {
      showError(err);
      return false;
    }
  }, [qc, showError]);
}
