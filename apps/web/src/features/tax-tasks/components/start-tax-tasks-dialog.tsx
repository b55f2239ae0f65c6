/**
 * 发起报税 / 社保任务 for the companies selected on the 记账客户 page: pick the 所属期 (default last month, the
 * period filed this month) and the kind; the tasks join the 税局任务 queue.
 */
import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { App, DatePicker, Form, Modal, Radio } from 'antd';
import { TAX_TASK_MESSAGES, type TaxTaskGroup } from '@dzy/domain/contracts/tax-tasks.contract';
import { useStartTaxTasks } from '../api';

export interface StartTaxTasksDialogProps {
  comIds: number[];
  open: boolean;
  onClose: () => void;
}

export function StartTaxTasksDialog({ comIds, open, onClose }: StartTaxTasksDialogProps) {
  const { message } = App.useApp();
  const [month, setMonth] = useState<Dayjs>(() => dayjs().subtract(1, 'month'));
  const [group, setGroup] = useState<TaxTaskGroup>('tax');
  const start = useStartTaxTasks();

  const submit = async () => {
    if (comIds.length === 0) {
      void message.warning(TAX_TASK_MESSAGES.companiesRequired);
      return;
    }
    const r = await start.mutateAsync({ comIds, period: month.format('YYYYMM'), group });
    void message.success(r.skipped > 0 ? `已发起${r.created}个任务，${r.skipped}个任务已在排队或申报中` : `已发起${r.created}个任务，请在税局任务中查看`);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={`发起任务（已选${comIds.length}家）`}
      okText="发起"
      confirmLoading={start.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="start-tax-tasks-dialog"
    >
      <Form layout="vertical">
        <Form.Item label="所属期">
          <DatePicker picker="month" allowClear={false} value={month} onChange={(d) => d && setMonth(d)} disabledDate={(d) => d.isAfter(dayjs(), 'month')} />
        </Form.Item>
        <Form.Item label="任务">
          <Radio.Group
            value={group}
            onChange={(e) => setGroup(e.target.value === 'social' ? 'social' : 'tax')}
            options={[
              { value: 'tax', label: '报税（增值税申报、个税申报、扣款）' },
              { value: 'social', label: '社保（社保申报、社保扣款）' },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
