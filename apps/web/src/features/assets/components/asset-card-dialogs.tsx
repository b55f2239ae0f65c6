/** The card's history (折旧/摊销 per period) and the split dialog (assetSplit: count with at most 2 decimals). */
import { useState } from 'react';
import { App, Form, Input, Modal, Table } from 'antd';
import type { AssetItem } from '@dzy/domain/contracts/assets.contract';
import { ASSET_KIND_INFO, splitAsset } from '@dzy/domain/assets/index';
import { formatMoney, toFen } from '@dzy/domain/ledger/money';
import { periodName } from '@dzy/domain/period/period';
import { useShowApiError } from '../../settle/settled-notice';
import { useAssetHistory, useSplitAsset } from '../api';

const money = (v: string) => formatMoney(toFen(v));

export function AssetHistoryDialog({ asset, onClose }: { asset: AssetItem | null; onClose: () => void }) {
  const history = useAssetHistory(asset?.id ?? null);
  const verb = asset ? ASSET_KIND_INFO[asset.type].verb : '折旧';
  return (
    <Modal open={asset !== null} title={`${asset?.name ?? ''} — ${verb}历史`} footer={null} onCancel={onClose} width={640} destroyOnHidden>
      <Table
        rowKey="period"
        size="small"
        loading={history.isLoading}
        dataSource={history.data ?? []}
        pagination={false}
        locale={{ emptyText: `尚未计提${verb}` }}
        columns={[
          { title: '期间', dataIndex: 'period', render: (p: string) => periodName(p) },
          { title: `本期${verb}`, dataIndex: 'amount', align: 'right', render: money },
          { title: `累计${verb}`, dataIndex: 'accumulated', align: 'right', render: money },
        ]}
      />
    </Modal>
  );
}

export function AssetSplitDialog({ asset, onClose }: { asset: AssetItem | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [count, setCount] = useState('');
  const [error, setError] = useState('');
  const split = useSplitAsset();
  const showError = useShowApiError();
  const submit = async () => {
    if (!asset) return;
    const check = splitAsset({ count: asset.count, originalFen: 0, initAccumulatedFen: 0, accumulatedFen: 0, monthlyFen: 0, residualFen: 0 }, count);
    if (!check.ok) {
      setError(check.msg);
      return;
    }
    try {
      await split.mutateAsync({ id: asset.id, count });
      void message.success('拆分成功');
      setCount('');
      setError('');
      onClose();
    } catch (err) {
      showError(err);
    }
  };
  return (
    <Modal open={asset !== null} title={`拆分资产 — ${asset?.name ?? ''}`} onCancel={onClose} onOk={() => void submit()} confirmLoading={split.isPending} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={`拆分数量（当前数量 ${asset?.count ?? ''}）`} validateStatus={error ? 'error' : undefined} help={error || '原值、累计折旧、本月折旧额和折旧历史按数量比例拆分'}>
          <Input value={count} onChange={(e) => setCount(e.target.value)} data-testid="asset-split-count" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
