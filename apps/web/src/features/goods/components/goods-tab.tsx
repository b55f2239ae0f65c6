/** 商品编码 tab of the invoice page: the company's goods with their tax-classification codes; add, edit, delete. */
import { useState } from 'react';
import { App, Button, Flex, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { GoodsItem } from '@dzy/domain/contracts/goods.contract';
import { invoiceItemName } from '@dzy/domain/tax-classification/index';
import { GoodsDialog } from '../../../components/goods-dialog';
import { errorMessage } from '../../../lib/http';
import { useDeleteGoods, useGoodsList } from '../api';

export function GoodsTab() {
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ goods: GoodsItem | null } | null>(null);
  const list = useGoodsList(keyword);
  const del = useDeleteGoods();

  const remove = async () => {
    try {
      await del.mutateAsync(selected);
      void message.success('删除成功');
      setSelected([]);
    } catch (err) {
      void message.warning(errorMessage(err));
    }
  };

  return (
    <>
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder="商品名称、简称或编码" style={{ width: 240 }} onSearch={(v) => setKeyword(v.trim())} data-testid="goods-search" />
        <Space>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ goods: null })} data-testid="goods-add">
            新增商品
          </Button>
          <Popconfirm title={`确定删除选中的${selected.length}个商品吗？`} disabled={selected.length === 0} onConfirm={() => void remove()}>
            <Button danger disabled={selected.length === 0} loading={del.isPending}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      </Flex>
      <Table<GoodsItem>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        data-testid="goods-table"
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={{ pageSize: 20, pageSizeOptions: [10, 20, 50, 100, 200, 300, 500], showSizeChanger: true, showTotal: (t) => `共 ${t} 个` }}
        columns={[
          {
            title: '商品名称',
            dataIndex: 'name',
            render: (_: string, g) => (
              <a onClick={() => setEditing({ goods: g })} data-testid="goods-open">
                {invoiceItemName(g.name2, g.name)}
              </a>
            ),
          },
          { title: '税收分类编码', dataIndex: 'shortCode', width: 190 },
          { title: '分类名称', dataIndex: 'spjm', width: 160, ellipsis: true },
          { title: '规格型号', dataIndex: 'spec', width: 110 },
          { title: '单位', dataIndex: 'unit', width: 70 },
          { title: '单价', dataIndex: 'price', width: 100, align: 'right' as const },
          { title: '税率', dataIndex: 'rate', width: 70 },
          { title: '优惠政策', dataIndex: 'yhText', width: 110, render: (v: string, g) => (g.yhStatus ? <Tag>{v}</Tag> : '') },
          { title: '默认', dataIndex: 'mrsp', width: 60, render: (v: number) => (v ? <Tag color="blue">默认</Tag> : '') },
        ]}
      />
      {editing && <GoodsDialog open goods={editing.goods} onClose={() => setEditing(null)} />}
    </>
  );
}
