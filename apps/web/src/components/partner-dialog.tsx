/**
 * 新增往来单位 (spec 001 add business-partner dialog): a customer (客户) or supplier (供应商) with its name (≤ 200)
 * and the subject its postings go to (required, leaf). Saves through api/v2/coop/saveCorpCoop, which creates the
 * item of the built-in 客户 / 供应商 auxiliary category (code assigned by the server).
 *
 *     <PartnerDialog open={open} type="1" subjectId={line.subjectId} onClose={close} onSaved={(p) => pick(p.fzhsId)} />
 */
import { useEffect, useMemo, useRef } from 'react';
import { App, Form, Input, Modal, Radio, type InputRef } from 'antd';
import {
  COOP_TYPE_LABELS,
  FZHS_MESSAGES,
  FZHS_NAME_MAX,
  type CoopType,
  type CorpCoopItem,
} from '@dzy/domain/contracts/fzhs.contract';
import { useSaveCorpCoop, useSubjects } from '../features/subjects/api';
import { useShowApiError } from '../features/settle/settled-notice';
import { SubjectSelect } from './subject-select';

/** The subject a new partner is bound to unless the caller names one: 应收账款 / 应付账款. */
const DEFAULT_SUBJECT_CODE: Record<CoopType, string> = { '1': '1122', '2': '2202' };

export interface PartnerDialogProps {
  open: boolean;
  /** Fixes the type (the caller's category); without it the dialog offers 客户 / 供应商. */
  type?: CoopType;
  /** Preselected bound subject (the voucher line's subject). */
  subjectId?: number | null;
  /** Edits this partner instead of adding one. */
  partner?: { id: number; name: string; subjectId: number | null };
  onClose: () => void;
  onSaved?: (saved: CorpCoopItem) => void;
}

interface FormValues {
  type: CoopType;
  name: string;
  subjectId?: number;
}

export function PartnerDialog({ open, type, subjectId, partner, onClose, onSaved }: PartnerDialogProps) {
  const { message } = App.useApp();
  const showError = useShowApiError();
  const [form] = Form.useForm<FormValues>();
  const subjects = useSubjects(open);
  const save = useSaveCorpCoop();
  const nameRef = useRef<InputRef>(null);
  const chosenType = Form.useWatch('type', form) ?? type ?? '1';
  const leaves = useMemo(() => (subjects.data ?? []).filter((s) => s.isLeaf), [subjects.data]);

  const defaultSubject = (t: CoopType): number | undefined => {
    const code = DEFAULT_SUBJECT_CODE[t];
    return leaves.find((s) => s.code === code)?.id;
  };

  const ready = open && !subjects.isLoading;
  useEffect(() => {
    if (!ready) return;
    const t = type ?? '1';
    form.resetFields();
    form.setFieldsValue({
      type: t,
      name: partner?.name ?? '',
      subjectId: partner?.subjectId ?? subjectId ?? defaultSubject(t),
    });
    // Only when the dialog opens (once the subjects are there for the default): later edits are the user's.
  }, [ready]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v?.subjectId) return;
    try {
      const r = await save.mutateAsync({ id: partner?.id, type: v.type, name: v.name.trim(), subjectId: v.subjectId });
      void message.success(partner ? '修改成功' : '新增成功');
      onSaved?.(r.info);
      onClose();
    } catch (err) {
      showError(err);
    }
  };

  const label = type ? COOP_TYPE_LABELS[type] : '往来单位';
  return (
    <Modal
      open={open}
      title={`${partner ? '编辑' : '新增'}${label}`}
      width={520}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      forceRender
      afterOpenChange={(o) => o && nameRef.current?.focus()}
      data-testid="partner-dialog"
    >
      <Form form={form} labelCol={{ flex: '72px' }}>
        <Form.Item name="type" label="类型" hidden={type !== undefined}>
          <Radio.Group
            options={(['1', '2'] as const).map((t) => ({ value: t, label: COOP_TYPE_LABELS[t] }))}
            onChange={(e) => {
              // Follow the type with its usual subject while the user has not picked another one.
              const prev = chosenType;
              const current = form.getFieldValue('subjectId') as number | undefined;
              if (current === undefined || current === defaultSubject(prev)) form.setFieldValue('subjectId', defaultSubject(e.target.value as CoopType));
            }}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: FZHS_MESSAGES.nameRequired },
            { max: FZHS_NAME_MAX, message: FZHS_MESSAGES.nameTooLong },
          ]}
        >
          <Input maxLength={FZHS_NAME_MAX} showCount ref={nameRef} placeholder={`${COOP_TYPE_LABELS[chosenType]}名称`} data-testid="partner-name" onPressEnter={() => void submit()} />
        </Form.Item>
        <Form.Item name="subjectId" label="科目" rules={[{ required: true, message: FZHS_MESSAGES.subjectRequired }]}>
          <SubjectSelect subjects={leaves} leafOnly useDisplayCode loading={subjects.isLoading} testId="partner-subject" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
