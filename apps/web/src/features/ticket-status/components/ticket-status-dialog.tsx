/**
 * 单据状态 (spec 001 §4 "Ticket arrival", §5 "Ticket save"): the company-period's status 全部到票 / 部分到票 / 未到票
 * and the five ticket items. All ticks the five and locks them, none clears and locks, partial unlocks; in partial
 * mode unticking every item turns it into 未到票 and ticking all five into 全部到票. A settled period is read-only.
 */
import { useState } from 'react';
import { Alert, App, Button, Checkbox, Descriptions, Modal, Radio, Space, Spin, Typography } from 'antd';
import { TICKET_STATUS_CALL_MESSAGES, type TicketStatusInfo } from '@dzy/domain/contracts/ticket-status.contract';
import {
  TICKET_ITEMS,
  TICKET_MESSAGES,
  TICKET_STATUS,
  TICKET_STATUS_LABELS,
  ticketItemsOnStatusChange,
  ticketStatusForItems,
  ticketStatusLabel,
  type TicketItem,
  type TicketStatus,
} from '@dzy/domain/invoices/ticket-status';
import { periodName } from '@dzy/domain/period/period';
import { useShowApiError } from '../../settle/settled-notice';
import { useSaveTicketStatus, useTicketStatusInfo } from '../api';

interface Props {
  company: { id: number; name: string };
  period: string;
  onClose: () => void;
}

const STATUS_ORDER: TicketStatus[] = [TICKET_STATUS.all, TICKET_STATUS.partial, TICKET_STATUS.none];

export function TicketStatusDialog({ company, period, onClose }: Props) {
  const info = useTicketStatusInfo(company.id, period);
  return (
    <Modal open title="单据状态" width={520} footer={null} onCancel={onClose} data-testid="ticket-status-dialog">
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="公司">{company.name}</Descriptions.Item>
        <Descriptions.Item label="会计期间">{period ? periodName(period) : '—'}</Descriptions.Item>
      </Descriptions>
      {info.data ? (
        // Keyed by the saved state: the form starts again from what the server holds.
        <TicketStatusForm key={`${info.data.piaoStatus}-${info.data.updatedAt}`} company={company} period={period} saved={info.data} onClose={onClose} />
      ) : (
        <Spin spinning={info.isFetching} style={{ display: 'block', padding: 24 }} />
      )}
    </Modal>
  );
}

function TicketStatusForm({ company, period, saved, onClose }: Props & { saved: TicketStatusInfo }) {
  const { message } = App.useApp();
  const showError = useShowApiError();
  const save = useSaveTicketStatus();
  const [status, setStatus] = useState<TicketStatus | null>(saved.status);
  const [items, setItems] = useState<TicketItem[]>(saved.items);
  const locked = saved.settled || status !== TICKET_STATUS.partial;

  const chooseStatus = (next: TicketStatus) => {
    setStatus(next);
    setItems(ticketItemsOnStatusChange(next, items).items);
  };

  const tickItems = (next: TicketItem[]) => {
    const ordered = TICKET_ITEMS.filter((i) => next.includes(i));
    setItems(ordered);
    // Only a change of items moves the status; 部分到票 with nothing ticked yet stays until saved (and is refused).
    if (ordered.length === 0 || ordered.length === TICKET_ITEMS.length) setStatus(ticketStatusForItems(ordered));
  };

  const submit = async () => {
    if (status === null) {
      void message.warning(TICKET_MESSAGES.statusInvalid);
      return;
    }
    if (status === TICKET_STATUS.partial && items.length === 0) {
      void message.warning(TICKET_MESSAGES.partialNeedsItem);
      return;
    }
    try {
      await save.mutateAsync({ comId: company.id, period, status, items });
      void message.success(TICKET_STATUS_CALL_MESSAGES.saved);
      onClose();
    } catch (err) {
      showError(err);
    }
  };

  return (
    <>
      <div style={{ marginBottom: 12 }}>
        <Typography.Text>当前状态：</Typography.Text>
        <Typography.Text strong data-testid="ticket-status-label">
          {ticketStatusLabel(saved.status)}
        </Typography.Text>
        {saved.updatedBy !== '' && (
          <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
            {saved.updatedBy} 于 {saved.updatedAt} 保存
          </Typography.Text>
        )}
      </div>
      {saved.settled && <Alert type="info" showIcon style={{ marginBottom: 12 }} title="本期已结账，到票状态不能修改" />}
      <div style={{ marginBottom: 12 }}>
        <Radio.Group
          value={status}
          disabled={saved.settled}
          onChange={(e) => chooseStatus(e.target.value as TicketStatus)}
          options={STATUS_ORDER.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] }))}
          data-testid="ticket-status-radio"
        />
      </div>
      <Checkbox.Group
        value={items}
        disabled={locked}
        onChange={(v) => tickItems(v)}
        options={TICKET_ITEMS.map((i) => ({ value: i, label: i }))}
        data-testid="ticket-status-items"
      />
      <Space style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 20 }}>
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" disabled={saved.settled} loading={save.isPending} onClick={() => void submit()} data-testid="ticket-status-save">
          保存
        </Button>
      </Space>
    </>
  );
}
