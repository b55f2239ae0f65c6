/**
 * 新增存货 (spec 001 add-inventory dialog, §5): name (请输入名称, ≤ 200), category (请选择类别, 1–11 and 20–22),
 * subject (请选择科目, a live leaf), unit and spec (≤ 170), and the option to put the model in the name, which
 * warns 未输入型号，无法使用 while there is no spec. The server runs the same checkInventory.
 *
 *     <InventoryDialog open={open} onClose={close} onSaved={(item) => use(item)} />
 */
import { useEffect } from 'react';
import { App, Form, Input, Modal, Select, Switch } from 'antd';
import { INVENTORY_CATEGORIES } from '@dzy/domain/business-types/business-types';
import { INVENTORY_LIMITS, INVENTORY_MESSAGES as M, inventoryNewName, type InventoryItem } from '@dzy/domain/contracts/inventory.contract';
import { useSaveInventory } from '../features/inventory/api';
import { useShowApiError } from '../features/settle/settled-notice';
import { useSubjects } from '../features/subjects/api';
import { SubjectSelect } from './subject-select';

interface FormValues {
  name: string;
  type?: number;
  subjectId?: number;
  unit: string;
  spec: string;
  modelInName: boolean;
}

export interface InventoryDialogProps {
  open: boolean;
  /** Category to start with (e.g. 2 库存商品). */
  initialType?: number;
  onClose: () => void;
  onSaved?: (item: InventoryItem) => void;
}

export function InventoryDialog({ open, initialType, onClose, onSaved }: InventoryDialogProps) {
  const { message } = App.useApp();
  const showError = useShowApiError();
  const [form] = Form.useForm<FormValues>();
  const subjects = useSubjects(open);
  const save = useSaveInventory();
  const name = Form.useWatch('name', form) ?? '';
  const spec = Form.useWatch('spec', form) ?? '';
  const modelInName = Form.useWatch('modelInName', form) ?? false;

  useEffect(() => {
    if (open) form.setFieldsValue({ name: '', type: initialType, subjectId: undefined, unit: '', spec: '', modelInName: false });
  }, [open, initialType, form]);

  const toggleModel = (on: boolean) => {
    if (on && spec.trim() === '') {
      void message.warning(M.noModel);
      form.setFieldValue('modelInName', false);
      return;
    }
    form.setFieldValue('modelInName', on);
  };

  const submit = async () => {
    const v = await form.validateFields();
    try {
      const r = await save.mutateAsync({ name: v.name, type: v.type ?? null, subjectId: v.subjectId ?? null, unit: v.unit, spec: v.spec, modelInName: v.modelInName });
      void message.success('新增成功');
      onSaved?.(r.item);
      onClose();
    } catch (err) {
      showError(err);
    }
  };

  return (
    <Modal title="新增存货" open={open} width={560} onCancel={onClose} onOk={() => void submit()} okText="保存" confirmLoading={save.isPending} destroyOnHidden data-testid="inventory-dialog">
      <Form form={form} layout="horizontal" labelCol={{ span: 5 }} preserve={false}>
        <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: M.nameRequired }, { max: INVENTORY_LIMITS.name, message: M.nameTooLong }]}>
          <Input maxLength={INVENTORY_LIMITS.name} data-testid="inventory-name" />
        </Form.Item>
        <Form.Item name="type" label="类别" rules={[{ required: true, message: M.categoryRequired }]}>
          <Select options={INVENTORY_CATEGORIES.map((c) => ({ value: c.value, label: c.label }))} data-testid="inventory-type" />
        </Form.Item>
        <Form.Item name="subjectId" label="科目" rules={[{ required: true, message: M.subjectRequired }]}>
          <SubjectSelect subjects={subjects.data ?? []} leafOnly testId="inventory-subject" />
        </Form.Item>
        <Form.Item name="unit" label="单位" rules={[{ max: INVENTORY_LIMITS.unit, message: M.unitTooLong }]}>
          <Input maxLength={INVENTORY_LIMITS.unit} />
        </Form.Item>
        <Form.Item name="spec" label="规格型号" rules={[{ max: INVENTORY_LIMITS.spec, message: M.specTooLong }]}>
          <Input maxLength={INVENTORY_LIMITS.spec} onChange={(e) => e.target.value.trim() === '' && form.setFieldValue('modelInName', false)} />
        </Form.Item>
        <Form.Item name="modelInName" label="型号并入名称" valuePropName="checked" extra={modelInName ? `保存为：${inventoryNewName(name, spec, true)}` : undefined}>
          <Switch onChange={toggleModel} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
