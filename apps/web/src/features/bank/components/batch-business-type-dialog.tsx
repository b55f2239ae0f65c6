/**
 * 批量设置业务类型: one business type for the selected statement lines (api/v2/bank/batchSaveBank). The picker
 * offers types of the lines' direction when they share one; mixed directions get the server's refusal.
 */
import { useState } from 'react';
import { Modal, Typography } from 'antd';
import type { BankLineItem } from '@dzy/domain/contracts/bank.contract';
import { BusinessTypeSelect } from '../../../components/business-type-select';

export interface BatchBusinessTypeDialogProps {
  lines: readonly BankLineItem[];
  saving: boolean;
  onOk: (businessType: string) => void;
  onClose: () => void;
}

export function BatchBusinessTypeDialog({ lines, saving, onOk, onClose }: BatchBusinessTypeDialogProps) {
  const [value, setValue] = useState<string | undefined>(undefined);
  const directions = new Set(lines.map((l) => l.type));
  const direction = directions.size === 1 ? lines[0]?.type : undefined;
  return (
    <Modal
      open
      title="批量设置业务类型"
      okText="确定"
      cancelText="取消"
      okButtonProps={{ disabled: value === undefined, loading: saving }}
      onOk={() => value !== undefined && onOk(value)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        已选 {lines.length} 条流水{direction === undefined ? '（含收入和支出，须为同一方向）' : direction === 1 ? '（收入）' : '（支出）'}
      </Typography.Paragraph>
      <BusinessTypeSelect group="bank" direction={direction} value={value} onChange={(v) => setValue(v === undefined ? undefined : String(v))} testId="bank-batch-bt" />
    </Modal>
  );
}
