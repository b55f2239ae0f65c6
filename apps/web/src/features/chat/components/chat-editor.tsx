/**
 * A small rich-text editor of our own (no package): a contentEditable area with bold / italic / underline /
 * colour / link / image. Pasted and picked images are uploaded (purpose chat, ≤ 3 MB) and inserted as <img>
 * with our URL; pasted HTML is reduced to text. The server sanitizes whatever arrives anyway.
 */
import { forwardRef, useImperativeHandle, useRef, useState, type ClipboardEvent } from 'react';
import { App, Button, Input, Popover, Space, Tooltip, Upload } from 'antd';
import { BoldOutlined, FontColorsOutlined, ItalicOutlined, LinkOutlined, PictureOutlined, UnderlineOutlined } from '@ant-design/icons';
import { UPLOAD_RULES, extensionOf } from '@dzy/domain/contracts/uploads.contract';
import { errorMessage } from '../../../lib/http';
import { uploadFile } from '../../notes/api';
import styles from './chat.module.css';

export interface ChatEditorHandle {
  html(): string;
  clear(): void;
  isEmpty(): boolean;
}

const RULE = UPLOAD_RULES.chat;
const COLORS = ['#000000', '#f5222d', '#fa8c16', '#52c41a', '#1677ff', '#722ed1'];

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export const ChatEditor = forwardRef<ChatEditorHandle, { disabled: boolean; onSubmit: () => void }>(function ChatEditor({ disabled, onSubmit }, ref) {
  const { message } = App.useApp();
  const area = useRef<HTMLDivElement>(null);
  const [link, setLink] = useState('');
  const [linkOpen, setLinkOpen] = useState(false);

  useImperativeHandle(ref, () => ({
    html: () => area.current?.innerHTML ?? '',
    clear: () => {
      if (area.current) area.current.innerHTML = '';
    },
    isEmpty: () => !area.current || (area.current.innerText.trim() === '' && area.current.querySelector('img') === null),
  }));

  // execCommand is deprecated but still the one portable way to format a contentEditable selection.
  const exec = (cmd: string, value?: string) => {
    area.current?.focus();
    document.execCommand(cmd, false, value);
  };

  const insertImage = async (file: File) => {
    if (!(RULE.extensions as readonly string[]).includes(extensionOf(file.name || 'image.png'))) return void message.warning(RULE.badTypeMsg);
    if (file.size > RULE.maxBytes) return void message.warning(RULE.tooLargeMsg);
    try {
      const named = file.name ? file : new File([file], 'image.png', { type: file.type });
      const r = await uploadFile(named, 'chat');
      exec('insertHTML', `<img src="${escapeHtml(r.url)}" alt="${escapeHtml(r.name)}">`);
    } catch (err) {
      void message.warning(errorMessage(err));
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    e.preventDefault();
    const images = [...e.clipboardData.files].filter((f) => f.type.startsWith('image/'));
    if (images.length > 0) {
      for (const f of images) void insertImage(f);
      return;
    }
    exec('insertText', e.clipboardData.getData('text/plain'));
  };

  const addLink = () => {
    const url = link.trim();
    if (!/^https?:\/\//i.test(url)) return void message.warning('请输入以 http:// 或 https:// 开头的链接');
    exec('insertHTML', `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>&nbsp;`);
    setLink('');
    setLinkOpen(false);
  };

  return (
    <div className={styles.editor} data-testid="chat-editor">
      <Space size={2} className={styles.toolbar}>
        <Tooltip title="加粗">
          <Button size="small" type="text" icon={<BoldOutlined />} disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={() => exec('bold')} />
        </Tooltip>
        <Tooltip title="斜体">
          <Button size="small" type="text" icon={<ItalicOutlined />} disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={() => exec('italic')} />
        </Tooltip>
        <Tooltip title="下划线">
          <Button size="small" type="text" icon={<UnderlineOutlined />} disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={() => exec('underline')} />
        </Tooltip>
        <Popover
          trigger="click"
          content={
            <Space size={4}>
              {COLORS.map((c) => (
                <span key={c} className={styles.swatch} style={{ background: c }} onMouseDown={(e) => e.preventDefault()} onClick={() => exec('foreColor', c)} />
              ))}
            </Space>
          }
        >
          <Button size="small" type="text" icon={<FontColorsOutlined />} disabled={disabled} onMouseDown={(e) => e.preventDefault()} aria-label="文字颜色" />
        </Popover>
        <Popover
          trigger="click"
          open={linkOpen}
          onOpenChange={setLinkOpen}
          content={
            <Space.Compact>
              <Input size="small" value={link} onChange={(e) => setLink(e.target.value)} placeholder="https://" style={{ width: 240 }} onPressEnter={addLink} />
              <Button size="small" type="primary" onClick={addLink}>
                插入
              </Button>
            </Space.Compact>
          }
        >
          <Button size="small" type="text" icon={<LinkOutlined />} disabled={disabled} aria-label="插入链接" />
        </Popover>
        <Upload accept=".png,.jpg,.jpeg" showUploadList={false} multiple disabled={disabled} beforeUpload={(f) => (void insertImage(f), false)} data-testid="chat-image-upload">
          <Tooltip title="图片">
            <Button size="small" type="text" icon={<PictureOutlined />} disabled={disabled} aria-label="插入图片" />
          </Tooltip>
        </Upload>
      </Space>
      <div
        ref={area}
        className={styles.area}
        contentEditable={!disabled}
        suppressContentEditableWarning
        role="textbox"
        aria-multiline
        aria-label="消息内容"
        data-placeholder={disabled ? '请先在左侧选择公司' : '输入消息，Ctrl+Enter 发送'}
        onPaste={onPaste}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            onSubmit();
          }
        }}
        data-testid="chat-editor-area"
      />
    </div>
  );
});
