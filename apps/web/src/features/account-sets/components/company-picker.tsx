/**
 * Picks the client company an agency page works on. The choice lives in the address (?comId=12) so the page
 * can be linked to (新建账套 → 期初设置) and survives a reload; a books window starts with its own company.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Select, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { COMPANY_TYPE_TAGS, type CompanyDetail, type CompanyListItem } from '@dzy/domain/contracts/companies.contract';
import { api } from '../../../lib/http';
import { useSession } from '../../session/session-context';
import { useCompanyOptions } from '../../shell/api';

/** The company id in the address, else this window's company; undefined when none. */
export function usePickedCompanyId(): [number | undefined, (id: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const { window: w } = useSession();
  const raw = params.get('comId') ?? w.comId;
  const id = raw && Number(raw) > 0 ? Number(raw) : undefined;
  const set = (next: number | undefined) => {
    const p = new URLSearchParams(params);
    if (next) p.set('comId', String(next));
    else p.delete('comId');
    setParams(p, { replace: true });
  };
  return [id, set];
}

/** The picked company's details (name, type, start period, standard …). */
export function useCompanyDetail(comId: number | undefined) {
  return useQuery({
    queryKey: ['companies', 'detail', String(comId ?? '')],
    queryFn: () => api<CompanyDetail>('/api/v2/company/companyInfo', { comId }, { comId: null, period: null }),
    enabled: !!comId,
  });
}

export function CompanyPicker({
  value,
  onChange,
  selected,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  /** The chosen company, so its name shows even when it is not among the first matches. */
  selected?: Pick<CompanyListItem, 'id' | 'name' | 'type'>;
}) {
  const [name, setName] = useState('');
  const options = useCompanyOptions(name);
  const found = options.data?.list ?? [];
  const list = selected && !found.some((c) => c.id === selected.id) ? [selected, ...found] : found;
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setName }}
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      allowClear
      placeholder="选择客户（名称或税号）"
      style={{ width: 360 }}
      loading={options.isFetching}
      data-testid="company-picker"
      options={list.map((c) => ({
        value: c.id,
        label: (
          <Space size={4}>
            {c.name}
            <Tag color={c.type === '2' ? 'blue' : 'green'} style={{ marginInlineEnd: 0 }}>
              {COMPANY_TYPE_TAGS[c.type]}
            </Tag>
          </Space>
        ),
      }))}
    />
  );
}
