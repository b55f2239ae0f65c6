/**
 * Add / edit one business type. A default keeps its group, direction and kind (saved lines rely on them); clearing
 * its subject sends it back to its book setting or name path. A custom type needs a subject.
 */
import { useEffect } from 'react';
import { App, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { INVENTORY_CATEGORIES, businessGroupLabel, groupHasDirection, type BusinessGroup, type BusinessKind } from '@dzy/domain/business-types/business-types';
import { BUSINESS_TYPE_MESSAGES as M, type BusinessTypeItem } from '@dzy/domain/contracts/business-types.contract';
import { SubjectSelect } from '../../../components/subject-select';
import { useShowApiError } from '../../settle/settled-notice';
import { useSubjects } from '../../subjects/api';
import { useSaveBusinessType } from '../api';

export const KIND_LABELS: Record<BusinessKind, string> = { '': '普通', inventory: '存货', fixed: '固定资产', intangible: '无形资产', deferred: '长期待摊费用', clearFixed: '清理固定资产' };
const KINDS_OF: Partial<Record<BusinessGroup, BusinessKind[]>> = { in: ['', 'inventory', 'fixed', 'intangible', 'deferred'], out: ['', 'inventory', 'clearFixed'] };

interface FormValues {
  name: string;
  direction?: 1 | 2;
  subjectId?: number | null;
  kind: BusinessKind;
  category?: number;
}

export function BusinessTypeDialog({ open, group, item, onClose }: { open: boolean; group: BusinessGroup; item: BusinessTypeItem | null; onClose: () => void }) {
  const { message } = App.useApp();
  const showError = useShowApiError();
  const [form] = Form.useForm<FormValues>();
  const subjects = useSubjects(open);
  const save = useSaveBusinessType();
  const kind = Form.useWatch('kind', form);
  const isDefault = item?.isDefault ?? false;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      item
        ? { name: item.name, direction: item.direction ?? undefined, subjectId: item.subjectId, kind: item.kind, category: item.category ?? undefined }
        : { name: '', direction: undefined, subjectId: undefined, kind: '', category: undefined },
    );
  }, [open, item, form]);

  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({ id: item?.id, group, name: v.name, direction: v.direction ?? null, subjectId: v.subjectId ?? null, kind: v.kind, category: v.category ?? null });
      void message.success(item ? '修改成功' : '新增成功');
      onClose();
    } catch (err) {
      showError(err);
    }
  };

  const kinds = KINDS_OF[group];
  return (
    <Modal
      title={`${item ? '编辑' : '新增'}业务类型（${businessGroupLabel(group)}）`}
      open={open}
      width={560}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="保存"
      confirmLoading={save.isPending}
      destroyOnHidden
      data-testid="business-type-dialog"
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 5 }} preserve={false}>
        <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: M.nameRequired }, { max: 50, message: M.nameTooLong }]}>
          <Input maxLength={50} data-testid="business-type-name" />
        </Form.Item>
        {groupHasDirection(group) && (
          <Form.Item name="direction" label="收支方向" rules={[{ required: true, message: M.directionRequired }]}>
            <Radio.Group disabled={isDefault} options={[{ value: 1, label: '收入' }, { value: 2, label: '支出' }]} />
          </Form.Item>
        )}
        <Form.Item
          name="subjectId"
          label="科目"
          rules={isDefault ? [] : [{ required: true, message: M.subjectRequired }]}
          extra={isDefault && item?.fallback ? <Typography.Text type="secondary">不选科目时按默认：{item.fallback}</Typography.Text> : undefined}
        >
          <SubjectSelect subjects={subjects.data ?? []} leafOnly testId="business-type-subject" />
        </Form.Item>
        {kinds && (
          <Form.Item name="kind" label="类别">
            <Select disabled={isDefault} options={kinds.map((k) => ({ value: k, label: KIND_LABELS[k] }))} />
          </Form.Item>
        )}
        {kind === 'inventory' && (
          <Form.Item name="category" label="存货类别" rules={[{ required: true, message: '请选择类别' }]}>
            <Select disabled={isDefault} options={INVENTORY_CATEGORIES.map((c) => ({ value: c.value, label: c.label }))} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
