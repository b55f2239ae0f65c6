/**
 * Header tool 单据状态 (button sy_dpzt): the dialog for this window's company and period; in the agency view (no
 * company) it first asks which company and then uses that company's current period.
 */
import { useState } from 'react';
import { Modal, Select } from 'antd';
import type { HeaderToolPanelProps } from '../../shell/components/header-tool-panels';
import { useSession } from '../../session/session-context';
import { useCompanyList } from '../../companies/api';
import { TicketStatusDialog } from './ticket-status-dialog';

interface Target {
  company: { id: number; name: string };
  period: string;
}

export default function TicketStatusPanel({ open, onClose }: HeaderToolPanelProps) {
  const { info, inBook, window: win } = useSession();
  const own: Target | null = inBook && info.comInfo ? { company: { id: info.comInfo.comId, name: info.comInfo.comName }, period: win.period } : null;
  const [picked, setPicked] = useState<Target | null>(null);
  const [name, setName] = useState('');
  const companies = useCompanyList({ status: '2', name, page: 1, limit: 50 }, open && !own);
  const target = own ?? picked;

  if (!open) return null;
  if (target) return <TicketStatusDialog company={target.company} period={target.period} onClose={onClose} />;
  return (
    <Modal open title="单据状态 — 选择公司" footer={null} width={420} onCancel={onClose} data-testid="ticket-status-pick">
      <Select
        showSearch={{ filterOption: false, onSearch: setName }}
        style={{ width: '100%' }}
        placeholder="请选择公司"
        loading={companies.isFetching}
        options={(companies.data?.list ?? []).map((c) => ({ value: c.id, label: c.name, disabled: c.period === '' }))}
        onChange={(id: number) => {
          const c = companies.data?.list.find((x) => x.id === id);
          if (c) setPicked({ company: { id: c.id, name: c.name }, period: c.period });
        }}
        data-testid="ticket-status-company"
      />
    </Modal>
  );
}
