/** Adds or edits an auxiliary-accounting item; a new item's code comes from newFzhsCode (next free code). */
import { useEffect } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { FZHS_CODE_MAX, FZHS_MESSAGES, FZHS_NAME_MAX, type FzhsCategoryItem, type FzhsItem } from '@dzy/domain/contracts/fzhs.contract';
import { fetchNewFzhsCode, useSaveFzhs } from '../api';
import { useShowApiError } from '../../settle/settled-notice';

export interface FzhsItemTarget {
  category: FzhsCategoryItem;
  item?: FzhsItem;
}

export function FzhsItemDialog({ target, onClose }: { target: FzhsItemTarget | null; onClose: () => void }) {
  const { message } = App.useApp();
  const showError = useShowApiError();
  const [form] = Form.useForm<{ code: string; name: string }>();
  const save = useSaveFzhs();

  useEffect(() => {
    if (!target) return;
    if (target.item) {
      form.setFieldsValue({ code: target.item.code, name: target.item.name });
      return;
    }
    form.setFieldsValue({ code: '', name: '' });
    let live = true;
    fetchNewFzhsCode(target.category.id)
      .then((r) => {
        if (live && !form.getFieldValue('code')) form.setFieldValue('code', r.code);
      })
      .catch(showError);
    return () => {
      live = false;
    };
  }, [target, form, showError]);

  const submit = async () => {
    if (!target) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await save.mutateAsync({ id: target.item?.id, categoryId: target.category.id, code: v.code.trim(), name: v.name.trim() });
      void message.success(target.item ? '修改成功' : '新增成功');
      onClose();
    } catch (err) {
      showError(err);
    }
  };

  return (
    <Modal
      open={target !== null}
      title={`${target?.item ? '编辑' : '新增'}${target?.category.name ?? ''}`}
      width={480}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="fzhs-item-dialog"
    >
      <Form form={form} labelCol={{ flex: '64px' }} preserve={false}>
        <Form.Item name="code" label="编码" rules={[{ required: true, whitespace: true, message: FZHS_MESSAGES.codeRequired }]}>
          <Input maxLength={FZHS_CODE_MAX} data-testid="fzhs-item-code" />
        </Form.Item>
        <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: FZHS_MESSAGES.nameRequired }]}>
          <Input maxLength={FZHS_NAME_MAX} autoFocus data-testid="fzhs-item-name" onPressEnter={() => void submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
