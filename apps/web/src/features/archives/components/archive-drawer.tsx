/**
 * Customer archive drawer (spec 002): 75% wide, the archive records of one company (or CRM customer) — add, export
 * the selected ones to Excel ('请至少选择一条档案'), delete with confirmation; empty table reads 没有数据.
 */
import { useState } from 'react';
import { App, Button, Drawer, Image, Popconfirm, Space, Table, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { ARCHIVE_MESSAGES, type ArchiveItem } from '@dzy/domain/contracts/archives.contract';
import { errorMessage } from '../../../lib/http';
import { exportArchives, useArchiveList, useDeleteArchive } from '../api';
import { ArchiveAddDialog, type ArchiveOwnerRef } from './archive-add-dialog';

export function ArchiveDrawer({ owner, onClose }: { owner: ArchiveOwnerRef; onClose: () => void }) {
  const { message } = App.useApp();
  const list = useArchiveList({ recordType: owner.recordType, comId: owner.comId, customerId: owner.customerId });
  const del = useDeleteArchive();
  const [selected, setSelected] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    if (selected.length === 0) {
      void message.warning(ARCHIVE_MESSAGES.selectRequired);
      return;
    }
    setExporting(true);
    try {
      await exportArchives(selected);
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Drawer open width="75%" title={`客户档案 — ${owner.name}`} onClose={onClose} data-testid="archive-drawer">
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="archive-add">
          新增档案
        </Button>
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void onExport()} data-testid="archive-export">
          导出
        </Button>
      </Space>
      <Table<ArchiveItem>
        rowKey="id"
        size="small"
        bordered
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: '没有数据' }}
        pagination={false}
        scroll={{ x: 1020 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        columns={[
          { title: '记录时间', dataIndex: 'recordTime', width: 150 },
          { title: '标题', dataIndex: 'title', width: 130, ellipsis: { showTitle: true } },
          { title: '档案描述', dataIndex: 'archivesDescribe', width: 180, ellipsis: { showTitle: true } },
          { title: '客户', dataIndex: 'customerName', width: 140, ellipsis: true },
          { title: '交接人', dataIndex: 'userName', width: 80 },
          {
            title: '图片',
            key: 'imgs',
            width: 100,
            render: (_: unknown, r) => (
              <Image.PreviewGroup>
                <Space size={4} wrap>
                  {r.imgList.map((x) => (
                    <Image key={x.url} src={x.url} alt={x.name} width={32} height={32} style={{ objectFit: 'cover' }} />
                  ))}
                </Space>
              </Image.PreviewGroup>
            ),
          },
          {
            title: '文件',
            key: 'files',
            width: 140,
            render: (_: unknown, r) => (
              <Space orientation="vertical" size={0}>
                {r.fileList.map((x) => (
                  <Typography.Link key={x.url} href={x.url} download={x.name} target="_blank" ellipsis>
                    {x.name}
                  </Typography.Link>
                ))}
              </Space>
            ),
          },
          {
            title: '操作',
            key: 'op',
            width: 60,
            fixed: 'right',
            render: (_: unknown, r) => (
              <Popconfirm
                title={ARCHIVE_MESSAGES.confirmDelete}
                okText="删除"
                cancelText="取消"
                onConfirm={() =>
                  del.mutateAsync(r.id).then(
                    () => {
                      setSelected((s) => s.filter((id) => id !== r.id));
                      void message.success(ARCHIVE_MESSAGES.deleted);
                    },
                    (e: unknown) => void message.error(errorMessage(e)),
                  )
                }
              >
                <Button type="link" size="small" danger data-testid={`archive-del-${r.id}`}>
                  删除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
        data-testid="archive-table"
      />
      {adding && <ArchiveAddDialog owner={owner} onClose={() => setAdding(false)} />}
    </Drawer>
  );
}
