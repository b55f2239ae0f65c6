/** /bookkeeps/recycle — 凭证回收站: deleted vouchers; 还原 (back into the books with a new number) or 彻底删除. */
import { useMemo, useState } from 'react';
import { App, Button, Card, Checkbox, Empty, Flex, Pagination, Popconfirm, Space, Spin, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useShowApiError } from '../../settle/settled-notice';
import { useRecycleList, useVoucherIdsAction } from '../api';
import { VoucherCard, VoucherListHead } from '../components/voucher-card';

export default function RecyclePage() {
  const { message } = App.useApp();
  const showError = useShowApiError();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const list = useRecycleList(page, limit);
  const restore = useVoucherIdsAction('voucherRestore');
  const destroy = useVoucherIdsAction('voucherDestroy');
  const rows = useMemo(() => list.data?.list ?? [], [list.data]);
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.id));

  const run = async (action: 'restore' | 'destroy', ids: number[]) => {
    try {
      await (action === 'restore' ? restore : destroy).mutateAsync(ids);
      setSelected(new Set());
      void message.success(action === 'restore' ? '还原成功' : '已彻底删除');
    } catch (err) {
      showError(err);
    }
  };

  const ids = [...selected];
  return (
    <Card data-testid="recycle-page" styles={{ body: { padding: 16 } }}>
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">删除的凭证保存在回收站中，还原后按原期间重新编号。</Typography.Text>
        <Space wrap>
          <Checkbox checked={allChecked} onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((r) => r.id)) : new Set())}>
            全选
          </Checkbox>
          <Button disabled={ids.length === 0} loading={restore.isPending} onClick={() => void run('restore', ids)} data-testid="recycle-restore">
            还原
          </Button>
          <Popconfirm title={`确定彻底删除${ids.length}条记录吗？`} description="彻底删除后不能恢复" disabled={ids.length === 0} onConfirm={() => void run('destroy', ids)}>
            <Button danger disabled={ids.length === 0} loading={destroy.isPending} data-testid="recycle-destroy">
              彻底删除
            </Button>
          </Popconfirm>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} />
        </Space>
      </Flex>
      <VoucherListHead />
      <div data-testid="recycle-list">
        {list.isLoading ? (
          <div style={{ padding: 40, textAlign: 'center' }}>
            <Spin />
          </div>
        ) : rows.length === 0 ? (
          <Empty description="回收站是空的" style={{ padding: 40 }} />
        ) : (
          rows.map((v) => (
            <VoucherCard
              key={v.id}
              voucher={v}
              selected={selected.has(v.id)}
              onSelect={(on) =>
                setSelected((s) => {
                  const n = new Set(s);
                  if (on) n.add(v.id);
                  else n.delete(v.id);
                  return n;
                })
              }
              actions={
                <>
                  <Button type="link" size="small" onClick={() => void run('restore', [v.id])} data-testid={`recycle-restore-${v.id}`}>
                    还原
                  </Button>
                  <Popconfirm title="确定彻底删除1条记录吗？" onConfirm={() => void run('destroy', [v.id])}>
                    <Button type="link" size="small" danger data-testid={`recycle-destroy-${v.id}`}>
                      彻底删除
                    </Button>
                  </Popconfirm>
                </>
              }
            />
          ))
        )}
      </div>
      <Flex justify="end" style={{ marginTop: 8 }}>
        <Pagination
          current={page}
          pageSize={limit}
          total={list.data?.total ?? 0}
          pageSizeOptions={[10, 20, 50, 100, 200, 300, 500]}
          showSizeChanger
          showTotal={(t) => `共 ${t} 张`}
          onChange={(p, size) => {
            setPage(size === limit ? p : 1);
            setLimit(size);
          }}
        />
      </Flex>
    </Card>
  );
}
