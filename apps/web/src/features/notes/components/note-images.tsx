/** Images of a quick note: thumbnails with the zoom viewer, and (while editing) upload and remove. */
import { App, Image, Upload, type UploadProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { UPLOAD_RULES, extensionOf } from '@dzy/domain/contracts/uploads.contract';
import { errorMessage } from '../../../lib/http';
import { uploadFile } from '../api';

const RULE = UPLOAD_RULES.jotDown;

interface Props {
  urls: string[];
  editing: boolean;
  onAdd: (url: string) => void;
  onRemove: (url: string) => void;
  onUploading?: (busy: boolean) => void;
}

export function NoteImages({ urls, editing, onAdd, onRemove, onUploading }: Props) {
  const { message } = App.useApp();

  /** The spec's checks before anything is sent: png/jpg/jpeg, each under 3 MB. */
  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!(RULE.extensions as readonly string[]).includes(extensionOf(file.name))) {
      void message.warning(RULE.badTypeMsg);
      return Upload.LIST_IGNORE;
    }
    if (file.size > RULE.maxBytes) {
      void message.warning(RULE.tooLargeMsg);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    if (!(file instanceof File)) return;
    onUploading?.(true);
    // Commas are stripped from names (the server does it too): the note keeps a comma-free list.
    const named = new File([file], file.name.replace(/[,，]/g, ''), { type: file.type });
    uploadFile(named, 'jotDown')
      .then((r) => {
        onSuccess?.(r);
        onAdd(r.url);
      })
      .catch((err: unknown) => {
        void message.warning(errorMessage(err));
        onError?.(err instanceof Error ? err : new Error(String(err)));
      })
      .finally(() => onUploading?.(false));
  };

  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }} data-testid="note-images">
      <Image.PreviewGroup>
        {urls.map((u) => (
          <div key={u} style={{ position: 'relative' }}>
            <Image src={u} width={72} height={72} style={{ objectFit: 'cover', borderRadius: 4 }} alt="随手记图片" />
            {editing && (
              <a
                onClick={() => onRemove(u)}
                style={{ position: 'absolute', top: -6, right: -6, background: '#ff4d4f', color: '#fff', borderRadius: 8, width: 16, height: 16, lineHeight: '16px', textAlign: 'center', fontSize: 12 }}
                aria-label="删除图片"
              >
                ×
              </a>
            )}
          </div>
        ))}
      </Image.PreviewGroup>
      {editing && (
        <Upload accept=".png,.jpg,.jpeg" multiple showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest} data-testid="note-upload">
          <div style={{ width: 72, height: 72, border: '1px dashed #d9d9d9', borderRadius: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', cursor: 'pointer', color: '#888' }}>
            <PlusOutlined />
            <span style={{ fontSize: 12 }}>上传图片</span>
          </div>
        </Upload>
      )}
    </div>
  );
}
