/**
 * /setting/business — 业务类型: the company's business types per group (进项 / 销项 / 银行 / 现金 / 费用报销), the subject
 * each posts to now, add / edit, stop / enable, delete (custom types no document uses).
 */
import { useState } from 'react';
import { App, Button, Card, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { BUSINESS_GROUPS, groupHasDirection, type BusinessGroup } from '@dzy/domain/business-types/business-types';
import type { BusinessTypeItem } from '@dzy/domain/contracts/business-types.contract';
import { useShowApiError } from '../../settle/settled-notice';
import { useBusinessTypes, useDelBusinessType, useStopBusinessType } from '../api';
import { BusinessTypeDialog, KIND_LABELS } from '../components/business-type-dialog';

export default function BusinessPage() {
  const { message } = App.useApp();
  const showError = useShowApiError();
  const [group, setGroup] = useState<BusinessGroup>('in');
  const [editing, setEditing] = useState<BusinessTypeItem | 'new' | null>(null);
  const types = useBusinessTypes(group, true);
  const stop = useStopBusinessType();
  const del = useDelBusinessType();

  const run = async (p: Promise<unknown>, ok: string) => {
    try {
      await p;
      void message.success(ok);
    } catch (err) {
      showError(err);
    }
  };

  const columns = [
    { title: '名称', dataIndex: 'name', render: (name: string, t: BusinessTypeItem) => <Space>{name}{t.isDefault && <Tag>默认</Tag>}</Space> },
    {
      title: '科目',
      key: 'subject',
      render: (_: unknown, t: BusinessTypeItem) =>
        t.subjectCode ? (
          <span>
            {t.subjectCode} {t.subjectName}
            {t.source !== 'subject' && <Typography.Text type="secondary">（{t.source === 'setting' ? t.fallback : '按名称匹配'}）</Typography.Text>}
          </span>
        ) : (
          <Typography.Text type="danger">未找到科目{t.fallback ? `（${t.fallback}）` : ''}</Typography.Text>
        ),
    },
    ...(groupHasDirection(group) ? [{ title: '方向', dataIndex: 'direction', width: 80, render: (d: number | null) => (d === 1 ? '收入' : d === 2 ? '支出' : '') }] : []),
    ...(group === 'in' || group === 'out' ? [{ title: '类别', dataIndex: 'kind', width: 120, render: (k: BusinessTypeItem['kind']) => KIND_LABELS[k] }] : []),
    { title: '状态', dataIndex: 'stopped', width: 80, render: (s: boolean) => (s ? <Tag color="default">停用</Tag> : <Tag color="green">启用</Tag>) },
    {
      title: '操作',
      key: 'op',
      width: 180,
      render: (_: unknown, t: BusinessTypeItem) => (
        <Space>
          <a onClick={() => setEditing(t)} data-testid={`bt-edit-${t.id}`}>
            编辑
          </a>
          <a onClick={() => void run(stop.mutateAsync({ id: t.id, stopped: !t.stopped }), t.stopped ? '已启用' : '已停用')} data-testid={`bt-stop-${t.id}`}>
            {t.stopped ? '启用' : '停用'}
          </a>
          {!t.isDefault && (
            <Popconfirm title="确定删除该业务类型？" onConfirm={() => void run(del.mutateAsync({ id: t.id }), '删除成功')}>
              <a data-testid={`bt-del-${t.id}`}>删除</a>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="业务类型"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="bt-add">
          新增业务类型
        </Button>
      }
    >
      <Tabs activeKey={group} onChange={(k) => setGroup(k as BusinessGroup)} items={BUSINESS_GROUPS.map((g) => ({ key: g.value, label: g.label }))} />
      <Table<BusinessTypeItem> size="small" rowKey="id" loading={types.isLoading} dataSource={types.data ?? []} columns={columns} pagination={false} data-testid="business-types-table" />
      <BusinessTypeDialog open={editing !== null} group={group} item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
