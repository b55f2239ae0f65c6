/**
 * 随手记 (spec 000 §2.5): per company, titled with its name, a timeline by period. An entry is read-only until
 * 编辑, editable until 保存; images png/jpg/jpeg ≤ 3 MB; 'edited at' line with editor and time; the checkbox
 * 每期默认重复 asks for confirmation both ways. With repeat on, a period without its own note shows the latest
 * earlier one (marked 沿用), and editing starts from it.
 */
import { useState } from 'react';
import { App, Button, Checkbox, Empty, Flex, Input, Modal, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { JOT_NO_REPEAT, JOT_REPEAT, NOTE_MESSAGES, type JotDownEntry } from '@dzy/domain/contracts/notes.contract';
import { periodName } from '@dzy/domain/period/period';
import { useJotDownCopy, useJotDownList, useSaveJotDown } from '../api';
import { NoteImages } from './note-images';

interface Props {
  company: { id: number; name: string } | null;
  onClose: () => void;
  /** Told the new text when the saved entry is the current period's. */
  onCurrentSaved?: (text: string) => void;
}

interface Draft {
  period: string;
  text: string;
  imgs: string[];
}

export function QuickNoteDialog({ company, onClose, onCurrentSaved }: Props) {
  const { message, modal } = App.useApp();
  const list = useJotDownList(company?.id);
  const save = useSaveJotDown();
  const copy = useJotDownCopy();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [uploading, setUploading] = useState(0);
  const repeat = list.data?.jotDownStatus === JOT_REPEAT;

  const toggleRepeat = (on: boolean) => {
    if (!company) return;
    modal.confirm({
      title: '提示',
      content: on ? NOTE_MESSAGES.enableConfirm : NOTE_MESSAGES.cancelConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await copy.mutateAsync({ comId: company.id, jotCopy: on ? JOT_REPEAT : JOT_NO_REPEAT });
        void message.success(NOTE_MESSAGES.set);
      },
    });
  };

  const submit = async () => {
    if (!company || !draft) return;
    await save.mutateAsync({ comId: company.id, period: draft.period, jotDown: draft.text, jotDownImgs: draft.imgs });
    void message.success(NOTE_MESSAGES.saved);
    if (draft.period === list.data?.currentPeriod) onCurrentSaved?.(draft.text);
    setDraft(null);
  };

  const entry = (e: JotDownEntry) => {
    const editing = draft?.period === e.period;
    return (
      <div data-testid={`note-entry-${e.period}`} style={{ paddingBottom: 4 }}>
        <Flex justify="space-between" align="center" style={{ marginBottom: 6 }}>
          <Space size={6}>
            <Typography.Text strong>{periodName(e.period)}</Typography.Text>
            {e.period === list.data?.currentPeriod && <Tag color="blue">当前期间</Tag>}
            {e.fromPeriod && <Tag>沿用{periodName(e.fromPeriod)}</Tag>}
          </Space>
          {editing ? (
            <Space size={4}>
              <Button size="small" onClick={() => setDraft(null)}>
                取消
              </Button>
              <Button size="small" type="primary" loading={save.isPending} disabled={uploading > 0} onClick={() => void submit().catch(() => undefined)} data-testid="note-save">
                保存
              </Button>
            </Space>
          ) : (
            <Button size="small" type="link" disabled={draft !== null} onClick={() => setDraft({ period: e.period, text: e.jotDown, imgs: e.jotDownImgs })} data-testid="note-edit">
              编辑
            </Button>
          )}
        </Flex>
        {editing ? (
          <Input.TextArea
            value={draft.text}
            onChange={(ev) => setDraft({ ...draft, text: ev.target.value })}
            autoSize={{ minRows: 3, maxRows: 10 }}
            maxLength={2000}
            showCount
            placeholder="记录本期需要注意的事项"
            data-testid="note-text"
          />
        ) : (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 6, color: e.jotDown ? undefined : '#999' }}>{e.jotDown || '暂无内容'}</Typography.Paragraph>
        )}
        {(editing || e.jotDownImgs.length > 0) && (
          <NoteImages
            urls={editing ? draft.imgs : e.jotDownImgs}
            editing={editing}
            onAdd={(url) => setDraft((d) => (d ? { ...d, imgs: [...d.imgs, url] } : d))}
            onRemove={(url) => setDraft((d) => (d ? { ...d, imgs: d.imgs.filter((x) => x !== url) } : d))}
            onUploading={(busy) => setUploading((n) => n + (busy ? 1 : -1))}
          />
        )}
        {e.jotDownTime && (
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 6 }} data-testid="note-edited">
            {e.jotDownPeople} 编辑于 {e.jotDownTime}
          </Typography.Text>
        )}
      </div>
    );
  };

  return (
    <Modal
      open={company !== null}
      title={company ? `${company.name} — 随手记` : '随手记'}
      width={720}
      footer={null}
      onCancel={() => {
        setDraft(null);
        onClose();
      }}
      destroyOnHidden
      data-testid="quick-note-dialog"
    >
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Checkbox checked={repeat} disabled={!list.data || copy.isPending} onChange={(ev) => toggleRepeat(ev.target.checked)} data-testid="note-repeat">
          每期默认重复
        </Checkbox>
      </Flex>
      <div style={{ maxHeight: '60vh', overflowY: 'auto', paddingTop: 8, paddingRight: 8 }}>
        {list.isLoading ? (
          <Spin />
        ) : list.data && list.data.list.length > 0 ? (
          <Timeline items={list.data.list.map((e) => ({ key: e.period, color: e.own ? 'blue' : 'gray', content: entry(e) }))} />
        ) : (
          <Empty description="没有数据" />
        )}
      </div>
    </Modal>
  );
}
