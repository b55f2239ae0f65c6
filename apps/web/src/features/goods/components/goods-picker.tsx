/**
 * Goods-name cell of an invoice line: typing searches the company's saved goods (name, pinyin short name, code);
 * choosing one calls onPick so the line takes its spec, unit, price and rate, and the cell shows the invoice form
 * `*分类简称*商品名称`. The + button opens the goods dialog with the typed name; the saved goods is picked too.
 */
import { useState } from 'react';
import { AutoComplete, Button, Input, Space, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { GoodsItem } from '@dzy/domain/contracts/goods.contract';
import { invoiceItemName, splitInvoiceItemName } from '@dzy/domain/tax-classification/index';
import { GoodsDialog } from '../../../components/goods-dialog';
import { useGoodsList } from '../api';

export function GoodsPicker(props: { value?: string; onChange?: (v: string) => void; onPick: (g: GoodsItem) => void; disabled?: boolean; testId?: string }) {
  const { value, onChange, onPick, disabled, testId } = props;
  const [focused, setFocused] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const keyword = splitInvoiceItemName(value ?? '').name;
  const list = useGoodsList(keyword, focused);
  const options = (list.data?.list ?? []).map((g) => ({
    value: String(g.id),
    label: (
      <span data-testid={`goods-option-${g.id}`}>
        {g.name}
        {g.spec ? ` ${g.spec}` : ''}
        <span style={{ color: '#999', marginInlineStart: 6 }}>{g.rate}</span>
      </span>
    ),
    goods: g,
  }));

  const choose = (g: GoodsItem) => {
    onChange?.(invoiceItemName(g.name2, g.name));
    onPick(g);
  };

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <AutoComplete
          value={value}
          options={options}
          disabled={disabled}
          popupMatchSelectWidth={280}
          onFocus={() => setFocused(true)}
          onChange={(v: string) => onChange?.(v)}
          onSelect={(_, o) => choose(o.goods)}
          style={{ flex: 1, minWidth: 0 }}
        >
          {/* A real input child keeps the test id on the <input> the accountant types in. */}
          <Input data-testid={testId} />
        </AutoComplete>
        <Tooltip title="新增商品">
          <Button icon={<PlusOutlined />} disabled={disabled} onClick={() => setDialogOpen(true)} data-testid={testId ? `${testId}-add` : undefined} />
        </Tooltip>
      </Space.Compact>
      {dialogOpen && <GoodsDialog open goods={null} initialName={keyword} onClose={() => setDialogOpen(false)} onSaved={choose} />}
    </>
  );
}
