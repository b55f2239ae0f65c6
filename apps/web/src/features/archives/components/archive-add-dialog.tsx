/** 新增档案: title, description, customer, hand-over person, images and files (spec 002 archive dialog). */
import { useState } from 'react';
import { App, Form, Input, Modal, type UploadFile } from 'antd';
import { ARCHIVE_MESSAGES, type ArchiveRecordType } from '@dzy/domain/contracts/archives.contract';
import { errorMessage } from '../../../lib/http';
import { useSaveArchive } from '../api';
import { ArchiveAttachmentsField, uploadedUrl } from './archive-attachments-field';

export interface ArchiveOwnerRef {
  recordType: ArchiveRecordType;
  comId?: number;
  customerId?: number;
  name: string;
}

interface Values {
  title: string;
  archivesDescribe: string;
  customerName: string;
  userName: string;
  images: UploadFile[];
  files: UploadFile[];
}

export function ArchiveAddDialog({ owner, onClose }: { owner: ArchiveOwnerRef; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(0);
  const save = useSaveArchive();
  const onBusy = (b: boolean) => setBusy((n) => n + (b ? 1 : -1));

  const submit = async () => {
    const v = await form.validateFields();
    const urls = (list: UploadFile[] = []) => list.map(uploadedUrl).filter((u): u is string => u !== null);
    try {
      await save.mutateAsync({
        recordType: owner.recordType,
        comId: owner.comId,
        customerId: owner.customerId,
        title: v.title,
        archivesDescribe: v.archivesDescribe ?? '',
        customerName: v.customerName ?? '',
        userName: v.userName ?? '',
        recordImgs: urls(v.images),
        file: urls(v.files),
      });
      void message.success(ARCHIVE_MESSAGES.added);
      onClose();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };

  return (
    <Modal
      open
      title="新增档案"
      okText="保存"
      cancelText="取消"
      width={620}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: busy > 0 }}
      onOk={() => void submit()}
      onCancel={onClose}
      data-testid="archive-add-dialog"
    >
      <Form form={form} layout="vertical" initialValues={{ customerName: owner.name, images: [], files: [] }}>
        <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: ARCHIVE_MESSAGES.titleRequired }]}>
          <Input maxLength={100} data-testid="archive-title" />
        </Form.Item>
        <Form.Item name="archivesDescribe" label="档案描述">
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <Form.Item name="customerName" label="客户">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="userName" label="交接人">
          <Input maxLength={50} data-testid="archive-user-name" />
        </Form.Item>
        <Form.Item name="images" label="图片（png、jpg、jpeg，单个不超过10M）" valuePropName="value">
          <ArchiveAttachmentsField kind="archiveImage" onBusy={onBusy} />
        </Form.Item>
        <Form.Item name="files" label="文件（xlsx、xls、xml、pdf、doc、docx，单个不超过20M）" valuePropName="value">
          <ArchiveAttachmentsField kind="archiveFile" onBusy={onBusy} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
