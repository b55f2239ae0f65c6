/**
 * Spec 001 §8 missing-setting answers ('未设置进项税额科目', '以下科目未设置：…') open a prompt with one go-set button per
 * missing subject, landing on the settings page at that item (?key=… from the answer's data.missing).
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Space } from 'antd';
import { parseMissingSettingMessage, SUBJECT_SETTINGS } from '@dzy/domain/contracts/book-settings.contract';
import { findRouteByName } from '@dzy/domain/routes/index';
import { ApiError } from '../../../lib/http';

const SETTINGS_PATH = findRouteByName('habbitSettingBook')?.path ?? '/setting/habbitSettingBook';

function missingKeys(err: ApiError, names: readonly string[]): string[] {
  const data = err.data as { missing?: unknown } | null;
  if (data && Array.isArray(data.missing)) return data.missing.filter((k): k is string => typeof k === 'string');
  return names.map((n) => SUBJECT_SETTINGS.find((d) => d.name === n)?.key ?? '').filter((k) => k !== '');
}

/** Returns a handler: true when the error was a missing-setting answer and the prompt is shown. */
export function useMissingSettingPrompt(): (err: unknown) => boolean {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  return useCallback(
    (err: unknown) => {
      if (!(err instanceof ApiError)) return false;
      const names = parseMissingSettingMessage(err.msg);
      if (!names) return false;
      const keys = missingKeys(err, names);
      const m = modal.warning({
        title: '缺少科目设置',
        okText: '关闭',
        content: (
          <div data-testid="missing-setting-prompt">
            <p>{err.msg}</p>
            <Space wrap>
              {keys.map((k) => (
                <Button
                  key={k}
                  size="small"
                  type="link"
                  onClick={() => {
                    m.destroy();
                    navigate(`${SETTINGS_PATH}?key=${encodeURIComponent(k)}`);
                  }}
                >
                  去设置{SUBJECT_SETTINGS.find((d) => d.key === k)?.name ?? k}
                </Button>
              ))}
            </Space>
          </div>
        ),
      });
      return true;
    },
    [modal, navigate],
  );
}
