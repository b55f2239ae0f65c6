/**
 * Period picker of a books window (spec 000 §2.2, §4): current-account periods and history periods in two
 * groups; picking a history period puts the window in mode 历史, a current one in 正常. Next to it the
 * 已结账 / 未结账 badge of the selected period (settleStatus '4' = settled).
 */
import { Badge, Select, Space, Tag } from 'antd';
import { isSettled, type PeriodItem } from '@dzy/domain/contracts/companies.contract';
import { periodName } from '@dzy/domain/period/period';
import { useSession } from '../../session/session-context';
import { usePeriods, useSetPeriod } from '../api';

/** Options carry their period's settleStatus; group headers do not. */
function settledOption(data: object): boolean {
  return 'settleStatus' in data && (typeof data.settleStatus === 'string' || typeof data.settleStatus === 'number') && isSettled(data.settleStatus);
}

export function PeriodPicker() {
  const { info, window: w } = useSession();
  const periods = usePeriods(w.comId);
  const setPeriod = useSetPeriod();
  const listThis = periods.data?.listThis ?? [];
  const listOld = periods.data?.listOld ?? [];
  const current: PeriodItem | undefined = [...listThis, ...listOld].find((p) => p.period === w.period);
  const settled = isSettled(current?.settleStatus ?? info.comInfo?.settleStatus);
  const history = w.model === '历史';

  const toOptions = (list: PeriodItem[]) =>
    [...list].reverse().map((p) => ({ value: p.period, label: p.name, settleStatus: p.settleStatus }));

  return (
    <Space size={6}>
      <Select
        data-testid="period-picker"
        style={{ width: 140 }}
        value={w.period || undefined}
        placeholder="会计期间"
        loading={periods.isFetching || setPeriod.isPending}
        disabled={setPeriod.isPending}
        labelRender={({ value }) => (typeof value === 'string' && value ? periodName(value) : '会计期间')}
        options={[
          { label: '正常期间', title: '正常期间', options: toOptions(listThis) },
          ...(listOld.length > 0 ? [{ label: '历史期间', title: '历史期间', options: toOptions(listOld) }] : []),
        ]}
        optionRender={(opt) => (
          <span style={{ display: 'flex', justifyContent: 'space-between' }} data-testid="period-option">
            <span>{opt.label}</span>
            {settledOption(opt.data) && <Badge status="success" />}
          </span>
        )}
        onChange={(period: string) => {
          if (period !== w.period) setPeriod.mutate(period);
        }}
        showSearch={{ optionFilterProp: 'label' }}
        popupMatchSelectWidth={170}
        listHeight={320}
      />
      <Tag
        data-testid="settle-badge"
        data-settled={settled ? 'true' : 'false'}
        color={settled ? 'success' : 'default'}
        style={{ marginInlineEnd: 0 }}
      >
        {settled ? '已结账' : '未结账'}
      </Tag>
      {history && (
        <Tag color="orange" data-testid="mode-tag" style={{ marginInlineEnd: 0 }}>
          历史
        </Tag>
      )}
    </Space>
  );
}
