/**
 * 关联资产: pick one of the company's asset cards (fixed assets, intangible assets, long-term deferred expenses) for
 * an incoming invoice line, or add a card through the asset dialog first. The line then posts to the card's
 * original-value subject.
 */
import { useState } from 'react';
import { Button, Modal, Radio, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ASSET_KIND_INFO, type AssetKind } from '@dzy/domain/assets/index';
import type { AssetItem } from '@dzy/domain/contracts/assets.contract';
import { useAssetList } from '../features/assets/api';
import { AssetDialog } from '../features/assets/components/asset-dialog';
import { useSubjects } from '../features/subjects/api';
import { useWindowState } from '../features/session/window-state';

const KINDS: AssetKind[] = [1, 2, 3];

export function AssetLinkDialog({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (card: AssetItem) => void }) {
  const [kind, setKind] = useState<AssetKind>(1);
  const [adding, setAdding] = useState(false);
  const { period } = useWindowState();
  const list = useAssetList(kind);
  const subjects = useSubjects(open);
  const cards = (list.data?.list ?? []).filter((c) => c.type === kind);

  return (
    <Modal title="关联资产" open={open} width={720} onCancel={onClose} footer={null} destroyOnHidden data-testid="asset-link-dialog">
      <Space style={{ marginBottom: 12 }}>
        <Radio.Group optionType="button" value={kind} onChange={(e) => setKind(e.target.value as AssetKind)} options={KINDS.map((k) => ({ value: k, label: ASSET_KIND_INFO[k].name }))} />
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="asset-link-add">
          新增资产
        </Button>
      </Space>
      <Table<AssetItem>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={cards}
        pagination={{ pageSize: 8 }}
        columns={[
          { title: '资产名称', dataIndex: 'name' },
          { title: '资产类别', dataIndex: 'assetTypeName', width: 140 },
          { title: '入账日期', dataIndex: 'transDate', width: 110 },
          { title: '原值', dataIndex: 'originalValue', width: 120, align: 'right' },
          {
            title: '',
            width: 70,
            render: (_, c) => (
              <a onClick={() => onPick(c)} data-testid={`asset-link-pick-${c.id}`}>
                选择
              </a>
            ),
          },
        ]}
      />
      <AssetDialog
        open={adding}
        kind={kind}
        period={period}
        asset={null}
        defaults={list.data?.defaults[String(kind) as '1' | '2' | '3']}
        subjects={subjects.data ?? []}
        onClose={() => setAdding(false)}
      />
    </Modal>
  );
}
