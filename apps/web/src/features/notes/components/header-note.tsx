/**
 * The current period's quick note shown in the header of a company's books window (issue 5 §3), so whoever opens
 * the books sees it first. Clicking it opens the 随手记 dialog. Hidden without button jzkh_ssj or with no note.
 */
import { useState } from 'react';
import { Tooltip, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useSession } from '../../session/session-context';
import { useJotDownCurrent } from '../api';
import { QuickNoteDialog } from './quick-note-dialog';

export function HeaderNote() {
  const { info, inBook } = useSession();
  const company = inBook && info.comInfo ? { id: info.comInfo.comId, name: info.comInfo.comName } : null;
  const allowed = info.user.sysButton.includes('jzkh_ssj');
  const current = useJotDownCurrent(company ? [company.id] : [], allowed && company !== null);
  const [open, setOpen] = useState(false);
  const text = current.data?.list.find((n) => n.comId === company?.id)?.jotDown.trim() ?? '';
  if (!company || !allowed || text === '') return null;
  return (
    <>
      <Tooltip title={text}>
        <Typography.Text
          type="secondary"
          ellipsis
          style={{ maxWidth: 300, cursor: 'pointer', marginLeft: 12 }}
          onClick={() => setOpen(true)}
          data-testid="header-note"
        >
          <EditOutlined /> {text}
        </Typography.Text>
      </Tooltip>
      {open && <QuickNoteDialog company={company} onClose={() => setOpen(false)} />}
    </>
  );
}
