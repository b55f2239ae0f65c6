/**
 * Business-type picker (spec 001 "Business-type cascader"; spec 000: the lists get prepended entries) for invoice,
 * bank, cash and bill lines. Lists the company's live types of the group (bank / cash: of the line's direction)
 * under the prepended entries:
 *   新增科目     — the add-subject dialog; the new subject gets a type (found or created), which is selected;
 *   新增存货     — the add-inventory dialog; likewise for the item's subject, marked with its category;
 *   关联资产     — group 'in': pick or add an asset card; the line takes the type of the card's kind and the card;
 *   清理固定资产 — group 'out': the 固定资产清理 type (selling a fixed asset).
 * Invoice and bill lines hold the type id, bank and cash lines its key.
 *
 *     <BusinessTypeSelect group="in" value={id} onChange={setId} assetId={line.assetId} onAssetChange={setAsset} />
 */
import { useMemo, useState } from 'react';
import { App, Select, Tag, Typography } from 'antd';
import { isAssetKind, type BusinessGroup } from '@dzy/domain/business-types/business-types';
import type { BusinessTypeItem } from '@dzy/domain/contracts/business-types.contract';
import type { AssetItem } from '@dzy/domain/contracts/assets.contract';
import { useBusinessTypeForSubject, useBusinessTypes } from '../features/business-types/api';
import { useShowApiError } from '../features/settle/settled-notice';
import { AddSubjectDialog } from './add-subject-dialog';
import { AssetLinkDialog } from './asset-link-dialog';
import { InventoryDialog } from './inventory-dialog';

type Entry = 'addSubject' | 'addInventory' | 'linkAsset' | 'clearFixed';
const ENTRY_PREFIX = '__entry:';
const ASSET_KIND_OF_CARD = { 1: 'fixed', 2: 'intangible', 3: 'deferred' } as const;

export interface BusinessTypeSelectProps {
  group: BusinessGroup;
  value?: number | string | null;
  onChange?: (value: number | string | undefined) => void;
  /** Bank and cash lines: only types of this direction (1 income, 2 expense). */
  direction?: 1 | 2;
  /** The linked asset card (关联资产), group 'in' only. */
  assetId?: number | null;
  onAssetChange?: (assetId: number | null) => void;
  disabled?: boolean;
  allowClear?: boolean;
  size?: 'small' | 'middle';
  style?: React.CSSProperties;
  testId?: string;
}

export function BusinessTypeSelect({ group, value, onChange, direction, assetId, onAssetChange, disabled, allowClear, size, style, testId }: BusinessTypeSelectProps) {
  const { message } = App.useApp();
  const showError = useShowApiError();
  const types = useBusinessTypes(group, true);
  const forSubject = useBusinessTypeForSubject();
  const [dialog, setDialog] = useState<Exclude<Entry, 'clearFixed'> | null>(null);
  const [assetName, setAssetName] = useState<string | null>(null);
  const usesKey = group === 'bank' || group === 'cash';
  const refOf = (t: BusinessTypeItem): number | string => (usesKey ? t.key : t.id);

  // Stopped types are not offered, but a line that already has one still shows its name.
  const live = useMemo(
    () => (types.data ?? []).filter((t) => (!t.stopped || (usesKey ? t.key : t.id) === value) && (direction === undefined || t.direction === null || t.direction === direction)),
    [types.data, direction, value, usesKey],
  );
  const entries: { value: string; label: string }[] = [
    { value: 'addSubject', label: '+ 新增科目' },
    { value: 'addInventory', label: '+ 新增存货' },
    ...(group === 'in' && onAssetChange ? [{ value: 'linkAsset', label: '+ 关联资产' }] : []),
    ...(group === 'out' ? [{ value: 'clearFixed', label: '+ 清理固定资产' }] : []),
  ].map((e) => ({ ...e, value: `${ENTRY_PREFIX}${e.value}` }));
  const options = [
    ...entries.map((e) => ({ value: e.value, label: <Typography.Link>{e.label}</Typography.Link>, search: e.label })),
    ...live.filter((t) => t.kind !== 'clearFixed' || refOf(t) === value).map((t) => ({ value: refOf(t), label: t.name, search: t.name })),
  ];

  const choose = (t: BusinessTypeItem | undefined, card: AssetItem | null = null) => {
    if (!t) return;
    onChange?.(refOf(t));
    onAssetChange?.(card?.id ?? null);
    setAssetName(card?.name ?? null);
  };

  const typeForSubject = async (subjectId: number, category: number | null) => {
    try {
      choose(await forSubject.mutateAsync({ group, subjectId, direction: direction ?? null, category }));
    } catch (err) {
      showError(err);
    }
  };

  const onSelect = (v: number | string) => {
    if (typeof v === 'string' && v.startsWith(ENTRY_PREFIX)) {
      const entry = v.slice(ENTRY_PREFIX.length) as Entry;
      if (entry !== 'clearFixed') {
        setDialog(entry);
        return;
      }
      const clear = live.find((t) => t.kind === 'clearFixed');
      if (clear) choose(clear);
      else void message.warning('清理固定资产业务类型已停用，请在业务类型设置中启用');
      return;
    }
    // A plain type drops the asset link unless it is an asset type.
    const t = live.find((x) => refOf(x) === v);
    onChange?.(v);
    if (!t || !isAssetKind(t.kind)) {
      onAssetChange?.(null);
      setAssetName(null);
    }
  };

  const pickCard = (card: AssetItem) => {
    const kind = ASSET_KIND_OF_CARD[card.type];
    const t = live.find((x) => x.kind === kind);
    if (!t) {
      void message.warning('没有启用的对应资产业务类型，请在业务类型设置中启用');
      return;
    }
    choose(t, card);
    setDialog(null);
  };

  return (
    <>
      <Select<number | string>
        style={{ width: '100%', ...style }}
        value={value ?? undefined}
        onSelect={onSelect}
        allowClear={allowClear}
        onClear={() => {
          onChange?.(undefined);
          onAssetChange?.(null);
        }}
        size={size}
        options={options}
        showSearch={{ filterOption: (input, o) => String(o?.search ?? '').includes(input.trim()) }}
        loading={types.isLoading || forSubject.isPending}
        disabled={disabled}
        placeholder="请选择业务类型"
        popupMatchSelectWidth={false}
        data-testid={testId}
      />
      {assetId ? (
        <Tag color="blue" style={{ marginTop: 2 }} closable={!disabled} onClose={() => onAssetChange?.(null)} data-testid={testId ? `${testId}-asset` : undefined}>
          资产：{assetName ?? `#${assetId}`}
        </Tag>
      ) : null}
      <AddSubjectDialog open={dialog === 'addSubject'} onClose={() => setDialog(null)} onSaved={(s) => void typeForSubject(s.subject.id, null)} />
      <InventoryDialog open={dialog === 'addInventory'} onClose={() => setDialog(null)} onSaved={(item) => void typeForSubject(item.subjectId, item.type)} />
      {group === 'in' && <AssetLinkDialog open={dialog === 'linkAsset'} onClose={() => setDialog(null)} onPick={pickCard} />}
    </>
  );
}
