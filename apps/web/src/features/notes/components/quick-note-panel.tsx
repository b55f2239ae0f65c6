/**
 * Header tool 随手记: the dialog for this window's company; in the agency view (no company) it first asks which
 * company, from the ones the user can see.
 */
import { useState } from 'react';
import { Modal, Select } from 'antd';
import type { HeaderToolPanelProps } from '../../shell/components/header-tool-panels';
import { useSession } from '../../session/session-context';
import { useCompanyList } from '../../companies/api';
import { QuickNoteDialog } from './quick-note-dialog';

export default function QuickNotePanel({ open, onClose }: HeaderToolPanelProps) {
  const { info, inBook } = useSession();
  const own = inBook && info.comInfo ? { id: info.comInfo.comId, name: info.comInfo.comName } : null;
  const [picked, setPicked] = useState<{ id: number; name: string } | null>(null);
  const [name, setName] = useState('');
  const companies = useCompanyList({ status: '2', name, page: 1, limit: 50 }, open && !own);
  const company = own ?? picked;

  if (!open) return null;
  if (company) return <QuickNoteDialog company={company} onClose={onClose} />;
  return (
    <Modal open title="随手记 — 选择公司" footer={null} width={420} onCancel={onClose} data-testid="quick-note-pick">
      <Select
        showSearch={{ filterOption: false, onSearch: setName }}
        style={{ width: '100%' }}
        placeholder="请选择公司"
        loading={companies.isFetching}
        options={(companies.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
        onChange={(id: number) => {
          const c = companies.data?.list.find((x) => x.id === id);
          if (c) setPicked({ id: c.id, name: c.name });
        }}
        data-testid="quick-note-company"
      />
    </Modal>
  );
}
