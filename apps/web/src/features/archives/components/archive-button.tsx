/** 档案 action of a company row: opens that company's archive drawer (keeps its own open state). */
import { useState } from 'react';
import { Button } from 'antd';
import { ARCHIVE_TYPE_COMPANY } from '@dzy/domain/contracts/archives.contract';
import { ArchiveDrawer } from './archive-drawer';

export function ArchiveButton({ company }: { company: { id: number; name: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="company-archives">
        档案
      </Button>
      {open && <ArchiveDrawer owner={{ recordType: ARCHIVE_TYPE_COMPANY, comId: company.id, name: company.name }} onClose={() => setOpen(false)} />}
    </>
  );
}
