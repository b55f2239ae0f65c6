/**
 * Upload list for the add-archive dialog: images (png/jpg/jpeg ≤ 10 MB) or files (xlsx/xls/xml/pdf/doc/docx ≤ 20 MB),
 * checked before sending (spec 002 §5), commas stripped from names, uploaded through api/public/upload.
 */
import { App, Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { ARCHIVE_MESSAGES } from '@dzy/domain/contracts/archives.contract';
import { UPLOAD_RULES, extensionOf } from '@dzy/domain/contracts/uploads.contract';
import { errorMessage } from '../../../lib/http';
import { uploadFile } from '../../notes/api';

interface Props {
  kind: 'archiveImage' | 'archiveFile';
  value?: UploadFile[];
  onChange?: (files: UploadFile[]) => void;
  onBusy?: (busy: boolean) => void;
}

export function ArchiveAttachmentsField({ kind, value = [], onChange, onBusy }: Props) {
  const { message } = App.useApp();
  const rule = UPLOAD_RULES[kind];
  const tooLarge = kind === 'archiveImage' ? ARCHIVE_MESSAGES.imageTooLarge : ARCHIVE_MESSAGES.fileTooLarge;

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!(rule.extensions as readonly string[]).includes(extensionOf(file.name))) {
      void message.warning(rule.badTypeMsg);
      return Upload.LIST_IGNORE;
    }
    if (file.size > rule.maxBytes) {
      void message.warning(tooLarge);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    if (!(file instanceof File)) return;
    onBusy?.(true);
    const named = new File([file], file.name.replace(/[,，]/g, ''), { type: file.type });
    uploadFile(named, kind)
      .then((r) => onSuccess?.(r))
      .catch((e: unknown) => {
        void message.error(errorMessage(e));
        onError?.(e instanceof Error ? e : new Error(errorMessage(e)));
      })
      .finally(() => onBusy?.(false));
  };

  return (
    <Upload
      accept={rule.extensions.map((e) => `.${e}`).join(',')}
      multiple
      listType={kind === 'archiveImage' ? 'picture' : 'text'}
      fileList={value}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onChange={({ fileList }) => onChange?.(fileList.filter((f) => f.status !== 'error').map(withServerName))}
      data-testid={`archive-upload-${kind}`}
    >
      <Button icon={<UploadOutlined />}>{kind === 'archiveImage' ? '上传图片' : '上传文件'}</Button>
    </Upload>
  );
}

/** Once uploaded, an entry shows the name the server kept (commas and path parts removed). */
function withServerName(f: UploadFile): UploadFile {
  const r: unknown = f.response;
  const name = typeof r === 'object' && r !== null && typeof (r as { name?: unknown }).name === 'string' ? (r as { name: string }).name : null;
  return name && f.name !== name ? { ...f, name } : f;
}

/** The URL the server answered for an uploaded entry. */
export function uploadedUrl(f: UploadFile): string | null {
  const r: unknown = f.response;
  return f.status === 'done' && typeof r === 'object' && r !== null && typeof (r as { url?: unknown }).url === 'string' ? (r as { url: string }).url : null;
}
