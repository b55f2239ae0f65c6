/**
 * 编辑科目: name, balance direction (only while the subject has no postings — the server says so), 数量核算 and
 * unit, and for a leaf the auxiliary-accounting category it is bound to (bind / unbind).
 */
import { useEffect } from 'react';
import { App, Checkbox, Form, Input, Modal, Radio, Select, Space } from 'antd';
import { SUBJECT_MESSAGES, SUBJECT_NAME_MAX, type SubjectItem } from '@dzy/domain/contracts/subjects.contract';
import { useBindSubject, useEditSubject, useFzhsCategories, useUnbindSubject } from '../api';
import { useShowApiError } from '../../settle/settled-notice';

interface FormValues {
  name: string;
  type: 1 | 2;
  quantity: boolean;
  unit: string;
  fzhsId: number | null;
}

export function SubjectEditDialog({ subject, onClose }: { subject: SubjectItem | null; onClose: () => void }) {
  const { message } = App.useApp();
  const showError = useShowApiError();
  const [form] = Form.useForm<FormValues>();
  const edit = useEditSubject();
  const bind = useBindSubject();
  const unbind = useUnbindSubject();
  const categories = useFzhsCategories(subject !== null);
  const quantity = Form.useWatch('quantity', form);

  useEffect(() => {
    if (subject) {
      form.setFieldsValue({
        name: subject.name,
        type: subject.type,
        quantity: subject.quantity,
        unit: subject.unit,
        fzhsId: subject.fzhsId,
      });
    }
  }, [subject, form]);

  const submit = async () => {
    if (!subject) return;
    // Invalid fields show their own messages.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await edit.mutateAsync({
        id: subject.id,
        name: v.name.trim(),
        type: v.type === subject.type ? undefined : v.type,
        quantity: v.quantity,
        unit: v.quantity ? v.unit.trim() : '',
      });
      if (subject.isLeaf && (v.fzhsId ?? null) !== subject.fzhsId) {
        if (v.fzhsId) await bind.mutateAsync({ subjectId: subject.id, categoryId: v.fzhsId });
        else await unbind.mutateAsync(subject.id);
      }
      void message.success('修改成功');
      onClose();
    } catch (err) {
      showError(err);
    }
  };

  return (
    <Modal
      open={subject !== null}
      title={`编辑科目 - ${subject?.displayCode ?? ''}`}
      width={560}
      okText="保存"
      confirmLoading={edit.isPending || bind.isPending || unbind.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="subject-edit-dialog"
    >
      <Form<FormValues> form={form} labelCol={{ flex: '96px' }} preserve={false}>
        <Form.Item label="上级科目">{subject?.name3.split('-').slice(0, -1).join('-') || '无（一级科目）'}</Form.Item>
        <Form.Item
          name="name"
          label="科目名称"
          rules={[
            { required: true, whitespace: true, message: SUBJECT_MESSAGES.nameRequired },
            { max: SUBJECT_NAME_MAX, message: SUBJECT_MESSAGES.nameTooLong },
          ]}
        >
          <Input maxLength={SUBJECT_NAME_MAX} data-testid="subject-edit-name" />
        </Form.Item>
        <Form.Item name="type" label="余额方向">
          <Radio.Group>
            <Radio value={1}>借</Radio>
            <Radio value={2}>贷</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label="数量核算">
          <Space>
            <Form.Item name="quantity" valuePropName="checked" noStyle>
              <Checkbox>启用</Checkbox>
            </Form.Item>
            {quantity && (
              <Form.Item name="unit" noStyle rules={[{ max: 20, message: SUBJECT_MESSAGES.unitTooLong }]}>
                <Input placeholder="计量单位" maxLength={20} style={{ width: 120 }} />
              </Form.Item>
            )}
          </Space>
        </Form.Item>
        {subject?.isLeaf && (
          <Form.Item name="fzhsId" label="辅助核算" extra="设置后，使用该科目的每条分录都需要选择辅助核算项目">
            <Select
              allowClear
              placeholder="不启用"
              loading={categories.isLoading}
              options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              data-testid="subject-edit-fzhs"
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
