/** 批量更新进度: set one or more confirmation steps for the selected companies (one transaction on the server). */
import { useState } from 'react';
import { App, Button, Form, Modal, Radio } from 'antd';
import { PROGRESS_BATCH_MAX, PROGRESS_MESSAGES } from '@dzy/domain/contracts/progress.contract';
import { CONFIRM_STATUS_LABELS, CONFIRM_STATUSES, CONFIRM_STEP_LABELS, CONFIRM_STEPS, type ConfirmStatus, type ConfirmStep } from '@dzy/domain/progress/progress-status';
import { periodName } from '@dzy/domain/period/period';
import { useBatchProgress } from '../api';

type Choice = ConfirmStatus | 'keep';
const OPTIONS = [{ value: 'keep', label: '不变' }, ...CONFIRM_STATUSES.map((s) => ({ value: s, label: CONFIRM_STATUS_LABELS[s] }))];

export function ProgressBatchButton({ comIds, period, onDone }: { comIds: number[]; period: string; onDone: () => void }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<Record<ConfirmStep, Choice>>({ dj: 'keep', sk: 'keep', sb: 'keep' });
  const batch = useBatchProgress();

  const submit = async () => {
    const body: { comIds: number[]; period: string } & Partial<Record<ConfirmStep, ConfirmStatus>> = { comIds, period };
    for (const step of CONFIRM_STEPS) {
      const c = choice[step];
      if (c !== 'keep') body[step] = c;
    }
    if (CONFIRM_STEPS.every((s) => choice[s] === 'keep')) {
      void message.warning(PROGRESS_MESSAGES.nothingToUpdate);
      return;
    }
    const r = await batch.mutateAsync(body);
    void message.success(`已更新 ${r.count} 家公司的确认进度`);
    setOpen(false);
    onDone();
  };

  return (
    <>
      <Button
        disabled={comIds.length === 0 || comIds.length > PROGRESS_BATCH_MAX}
        onClick={() => {
          setChoice({ dj: 'keep', sk: 'keep', sb: 'keep' });
          setOpen(true);
        }}
        data-testid="progress-batch"
      >
        批量更新进度{comIds.length > 0 ? `（${comIds.length}）` : ''}
      </Button>
      <Modal
        open={open}
        title={`批量更新确认进度 · ${periodName(period)}`}
        okText="确定"
        onOk={() => void submit().catch(() => undefined)}
        confirmLoading={batch.isPending}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form layout="horizontal" labelCol={{ span: 5 }}>
          {CONFIRM_STEPS.map((step) => (
            <Form.Item key={step} label={CONFIRM_STEP_LABELS[step]}>
              <Radio.Group
                optionType="button"
                options={OPTIONS}
                value={choice[step]}
                onChange={(e) => setChoice((c) => ({ ...c, [step]: e.target.value as Choice }))}
                data-testid={`progress-batch-${step}`}
              />
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </>
  );
}
