/**
 * Missing-setting prompt (spec 001 §8): a call answered '未设置进项税额科目' (or '以下科目未设置：A，B') opens this
 * dialog with one 去设置X button per subject, landing on /setting/habbitSettingBook?key=<setting key>&from=<name>,
 * where the item is highlighted. Keys come from the answer's data.missing, else from the names in the message.
 *
 *     const prompt = useMissingSettingPrompt();
 *     try { ... } catch (err) { if (!prompt.show(err)) showError(err) }
 *     return <>{prompt.element}</>;
 */
import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Modal, Space, Typography } from 'antd';
import { parseMissingSettingMessage, SUBJECT_SETTINGS } from '@dzy/domain/contracts/book-settings.contract';
import { findRouteByName } from '@dzy/domain/routes/index';
import { ApiError } from '../lib/http';

export const HABBIT_SETTING_PATH = findRouteByName('habbitSettingBook')?.path ?? '/setting/habbitSettingBook';

export interface MissingSetting {
  key: string;
  name: string;
}

/** The settings a failed call says are not set, or null when it is another error. */
export function missingSettings(err: unknown): MissingSetting[] | null {
  if (!(err instanceof ApiError)) return null;
  const names = parseMissingSettingMessage(err.msg);
  if (!names) return null;
  const data = err.data as { missing?: unknown } | null;
  const keys = data && Array.isArray(data.missing) ? data.missing.filter((k): k is string => typeof k === 'string') : null;
  if (keys) return keys.map((key) => ({ key, name: SUBJECT_SETTINGS.find((d) => d.key === key)?.name ?? key }));
  return names.map((name) => ({ key: SUBJECT_SETTINGS.find((d) => d.name === name)?.key ?? '', name }));
}

export function MissingSettingPrompt({ msg, items, onClose }: { msg: string; items: readonly MissingSetting[]; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal open title="缺少科目设置" onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>} width={460}>
      <div data-testid="missing-setting-prompt">
        <Typography.Paragraph>{msg}</Typography.Paragraph>
        <Space wrap>
          {items.map((it) => (
            <Button
              key={it.name}
              type="link"
              onClick={() => {
                onClose();
                const key = it.key === '' ? '' : `key=${encodeURIComponent(it.key)}&`;
                navigate(`${HABBIT_SETTING_PATH}?${key}from=${encodeURIComponent(it.name)}`);
              }}
            >
              去设置{it.name}
            </Button>
          ))}
        </Space>
      </div>
    </Modal>
  );
}

export function useMissingSettingPrompt(): { show: (err: unknown) => boolean; element: ReactNode } {
  const [state, setState] = useState<{ msg: string; items: MissingSetting[] } | null>(null);
  const show = useCallback((err: unknown) => {
    const items = missingSettings(err);
    if (!items || !(err instanceof ApiError)) return false;
    setState({ msg: err.msg, items });
    return true;
  }, []);
  const element = state ? <MissingSettingPrompt msg={state.msg} items={state.items} onClose={() => setState(null)} /> : null;
  return { show, element };
}
