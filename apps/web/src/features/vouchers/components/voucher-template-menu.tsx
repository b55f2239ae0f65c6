/**
 * 模板 on the voucher entry page: 存为模板 (the grid's filled lines under a name) and 选择模板 (a list to apply
 * or delete from). Applying keeps the lines already filled in and puts the template's lines in place of the
 * empty ones, so a half-typed voucher is never lost.
 */
import { useState } from 'react';
import { App, Button, Dropdown, Form, Input, Modal, Popconfirm, Space, Table } from 'antd';
import { DownOutlined, SnippetsOutlined } from '@ant-design/icons';
import { VOUCHER_MESSAGES, type VoucherTemplateInfo, type VoucherTemplateRow } from '@dzy/domain/contracts/vouchers.contract';
import { useShowApiError } from '../../settle/settled-notice';
import { formatDateTime } from '../../users/components/format';
import { fetchVoucherTemplate, useDeleteVoucherTemplate, useSaveVoucherTemplate, useVoucherTemplates } from '../api';
import { amountText, blankLine, DEFAULT_ROWS, isBlank, toVoucherItems, type EditorLine } from './voucher-lines';

/** The grid after applying a template: filled lines first, then the template's, padded with blank rows. */
export function applyTemplate(lines: readonly EditorLine[], t: VoucherTemplateInfo): EditorLine[] {
  const next = lines.filter((l) => !isBlank(l));
  for (const it of t.voucherItem) {
    next.push({ ...blankLine(), summary: it.summary, subjectId: it.subjectId, fzhsId: it.fzhsId, debit: amountText(it.inAmount), credit: amountText(it.outAmount) });
  }
  while (next.length < DEFAULT_ROWS) next.push(blankLine());
  return next;
}

export function VoucherTemplateMenu({
  lines,
  onApply,
  disabled,
}: {
  lines: readonly EditorLine[];
  onApply: (lines: EditorLine[]) => void;
  disabled: boolean;
}) {
  const { message } = App.useApp();
  const showError = useShowApiError();
  const [saving, setSaving] = useState(false);
  const [picking, setPicking] = useState(false);
  const [applying, setApplying] = useState<number | null>(null);
  const [form] = Form.useForm<{ name: string }>();
  const templates = useVoucherTemplates(picking);
  const save = useSaveVoucherTemplate();
  const del = useDeleteVoucherTemplate();

  // A template remembers only filled rows (blank rows in between carry nothing).
  const filled = toVoucherItems(lines).filter((l) => l.summary || l.subjectId !== null || l.inAmount || l.outAmount);

  const openSave = () => {
    if (filled.length === 0) {
      void message.warning('模板至少需要一条分录');
      return;
    }
    form.resetFields();
    setSaving(true);
  };

  const doSave = async () => {
    const { name } = await form.validateFields();
    try {
      await save.mutateAsync({ name: name.trim(), voucherItem: filled });
      void message.success(`已存为模板“${name.trim()}”`);
      setSaving(false);
    } catch (err) {
      showError(err);
    }
  };

  const choose = async (row: VoucherTemplateRow) => {
    setApplying(row.id);
    try {
      const t = await fetchVoucherTemplate(row.id);
      onApply(applyTemplate(lines, t));
      setPicking(false);
      void message.success(`已引用模板“${t.name}”`);
    } catch (err) {
      showError(err);
    } finally {
      setApplying(null);
    }
  };

  const remove = async (row: VoucherTemplateRow) => {
    try {
      await del.mutateAsync(row.id);
      void message.success('删除成功');
    } catch (err) {
      showError(err);
    }
  };

  return (
    <>
      <Dropdown
        disabled={disabled}
        menu={{
          items: [
            { key: 'save', label: '存为模板' },
            { key: 'pick', label: '选择模板' },
          ],
          onClick: ({ key }) => (key === 'save' ? openSave() : setPicking(true)),
        }}
      >
        <Button icon={<SnippetsOutlined />} data-testid="voucher-template">
          <Space size={4}>
            模板
            <DownOutlined />
          </Space>
        </Button>
      </Dropdown>
      <Modal
        title="存为模板"
        open={saving}
        onCancel={() => setSaving(false)}
        onOk={() => void doSave()}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} onFinish={() => void doSave()}>
          <Form.Item
            name="name"
            label="模板名称"
            rules={[
              { required: true, whitespace: true, message: VOUCHER_MESSAGES.templateNameRequired },
              { max: 50, message: VOUCHER_MESSAGES.templateNameTooLong },
            ]}
          >
            <Input autoFocus placeholder="如：计提工资" data-testid="voucher-template-name" />
          </Form.Item>
          <span>将保存当前 {filled.length} 条分录（摘要、科目和金额）。</span>
        </Form>
      </Modal>
      <Modal title="选择模板" open={picking} onCancel={() => setPicking(false)} footer={null} width={640} destroyOnHidden>
        <Table<VoucherTemplateRow>
          rowKey="id"
          size="small"
          loading={templates.isLoading}
          dataSource={templates.data ?? []}
          locale={{ emptyText: '暂无模板，可在录入凭证后“存为模板”' }}
          pagination={(templates.data?.length ?? 0) > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          onRow={(row) => ({ onDoubleClick: () => void choose(row) })}
          columns={[
            { title: '模板名称', dataIndex: 'name' },
            { title: '分录数', dataIndex: 'lineCount', width: 70 },
            { title: '创建时间', dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v) },
            {
              title: '操作',
              key: 'actions',
              width: 120,
              render: (_: unknown, row) => (
                <Space size={0}>
                  <Button type="link" size="small" loading={applying === row.id} onClick={() => void choose(row)}>
                    使用
                  </Button>
                  <Popconfirm title={`确定删除模板“${row.name}”吗？`} onConfirm={() => void remove(row)}>
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
          data-testid="voucher-template-list"
        />
      </Modal>
    </>
  );
}
