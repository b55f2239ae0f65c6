/**
 * Header company selector (spec 000 §2.2): filterable (the server matches name or tax number), with 小/般
 * and 工厂 tags. In the agency window picking a company opens its books in a new window; in a books window
 * it switches this window to the other company. The copy button puts the current name on the clipboard.
 */
import { useEffect, useMemo, useState } from 'react';
import { App, Button, Select, Tooltip } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { CompanyListItem } from '@dzy/domain/contracts/companies.contract';
import { useSession } from '../../session/session-context';
import { useCompanyOptions } from '../api';
import { useOpenCompanyBooks } from '../company-books';
import { CompanyTags } from './company-tags';
import { copyText } from '../../../lib/clipboard';

interface Option {
  value: number;
  label: string;
  company: CompanyListItem;
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

export function CompanySelect() {
  const { info, inBook, window: w } = useSession();
  const { message } = App.useApp();
  const openBooks = useOpenCompanyBooks();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const name = useDebounced(search.trim(), 300);
  const companies = useCompanyOptions(name, open || name !== '');

  // null (not undefined) keeps the Select controlled: in the agency window nothing stays selected.
  const currentId = inBook ? Number(w.comId) : null;
  const currentName = inBook ? (info.comInfo?.comName ?? '') : '';

  const options = useMemo<Option[]>(() => {
    const list = companies.data?.list ?? [];
    const opts = list.map((c) => ({ value: c.id, label: c.name, company: c }));
    return opts;
  }, [companies.data]);

  const onCopy = async () => {
    if (!currentName) return;
    if (await copyText(currentName)) void message.success('复制成功');
    else void message.error('复制失败，请手动复制');
  };

  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
      <Select<number | null, Option>
        data-testid="company-select"
        style={{ width: 260 }}
        placeholder={inBook ? '切换公司' : '选择客户进入账簿'}
        value={currentId}
        labelRender={() => <span title={currentName}>{currentName || '切换公司'}</span>}
        options={options}
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (!o) setSearch('');
        }}
        loading={companies.isFetching}
        showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch }}
        notFoundContent={companies.isFetching ? '加载中…' : '没有数据'}
        popupMatchSelectWidth={360}
        optionRender={(opt) => {
          const c = opt.data.company;
          return (
            <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }} data-testid="company-option">
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }} title={c.name}>
                {c.name}
              </span>
              <span style={{ flex: 'none' }}>
                <CompanyTags type={c.type} automatic={c.automatic} />
              </span>
            </div>
          );
        }}
        onChange={(id, opt) => {
          const company = Array.isArray(opt) ? undefined : opt?.company;
          setOpen(false);
          if (!company || id === currentId) return;
          void openBooks(
            { id: company.id, name: company.name },
            inBook ? 'this-window' : 'new-window',
          );
        }}
      />
      {inBook && info.comInfo && (
        <CompanyTags type={info.comInfo.comType} automatic={0} />
      )}
      {inBook && (
        <Tooltip title="复制公司名称">
          <Button type="text" size="small" icon={<CopyOutlined />} onClick={() => void onCopy()} data-testid="copy-company-name" />
        </Tooltip>
      )}
    </div>
  );
}
