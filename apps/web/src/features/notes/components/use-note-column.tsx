/**
 * The 随手记 column of the company list: the current period's note (own or carried over) and the row action
 * that opens the dialog. Shown only with button jzkh_ssj. Returns the column and the dialog element to render.
 */
import { useState, type ReactNode } from 'react';
import { Button, Tooltip, Typography, type TableColumnType } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { JOT_DOWN_BUTTON } from '@dzy/domain/contracts/notes.contract';
import { useHasButton } from '../../session/session-context';
import { useJotDownCurrent } from '../api';
import { QuickNoteDialog } from './quick-note-dialog';

interface Row {
  id: number;
  name: string;
}

export function useNoteColumn<T extends Row>(rows: T[]): { columns: TableColumnType<T>[]; dialog: ReactNode } {
  const allowed = useHasButton(JOT_DOWN_BUTTON);
  const [open, setOpen] = useState<Row | null>(null);
  const current = useJotDownCurrent(
    rows.map((r) => r.id),
    allowed,
  );
  const textOf = new Map((current.data?.list ?? []).map((n) => [n.comId, n]));
  if (!allowed) return { columns: [], dialog: null };
  const columns: TableColumnType<T>[] = [
    {
      title: '随手记',
      key: 'jotDown',
      width: 180,
      render: (_: unknown, c: T) => {
        const note = textOf.get(c.id);
        const text = note ? note.jotDown || (note.imageCount > 0 ? `[图片${note.imageCount}张]` : '') : '';
        return (
          <span style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setOpen({ id: c.id, name: c.name })} aria-label="随手记" data-testid="company-jot-down" />
            {text && (
              <Tooltip title={<span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>}>
                <Typography.Text ellipsis style={{ maxWidth: 130 }} data-testid="company-jot-down-text">
                  {text}
                </Typography.Text>
              </Tooltip>
            )}
          </span>
        );
      },
    },
  ];
  return { columns, dialog: <QuickNoteDialog company={open} onClose={() => setOpen(null)} /> };
}
