/**
 * /setting/subject — 科目设置: the company's chart of accounts by category (资产 负债 共同 所有者权益 成本 损益) as
 * a tree: code (with the account set's separator), name, balance direction, auxiliary accounting, 数量核算,
 * status; add a child (新增科目 dialog, button code kjkm_xz), edit, stop/start and delete with confirmations.
 */
import { useMemo, useState } from 'react';
import { App, Button, Card, Checkbox, Empty, Flex, Input, Popconfirm, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  ADD_SUBJECT_BUTTON,
  SUBJECT_CATEGORIES,
  SUBJECT_DIRECTION_LABELS,
  type SubjectCategory,
  type SubjectItem,
} from '@dzy/domain/contracts/subjects.contract';
import { Btn } from '../../../components/btn';
import { AddSubjectDialog } from '../../../components/add-subject-dialog';
import { useSession } from '../../session/session-context';
import { useShowApiError } from '../../settle/settled-notice';
import { useSubjectAction, useSubjects, type SubjectAction } from '../api';
import { SubjectEditDialog } from '../components/subject-edit-dialog';
import { buildSubjectTree, matchesSubject, type SubjectRow } from '../components/subject-tree';

const ACTION_DONE: Record<SubjectAction, string> = {
  stopUseSubject: '已停用',
  startUseSubject: '已启用',
  delSubject: '删除成功',
};

export default function SubjectPage() {
  const { message } = App.useApp();
  const { window: w } = useSession();
  const showError = useShowApiError();
  const subjects = useSubjects();
  const action = useSubjectAction();
  const [category, setCategory] = useState<SubjectCategory>('资产');
  const [query, setQuery] = useState('');
  const [showStopped, setShowStopped] = useState(true);
  const [adding, setAdding] = useState<{ parentId: number | null } | null>(null);
  const [editing, setEditing] = useState<SubjectItem | null>(null);

  const all = useMemo(() => subjects.data ?? [], [subjects.data]);
  const counts = useMemo(() => {
    const c = new Map<string, number>();
    for (const s of all) c.set(s.category, (c.get(s.category) ?? 0) + 1);
    return c;
  }, [all]);
  const rows = useMemo<SubjectRow[]>(() => {
    const inCategory = all.filter((s) => s.category === category && (showStopped || s.status === 1));
    if (query.trim()) return inCategory.filter((s) => matchesSubject(s, query)).sort((a, b) => a.code.localeCompare(b.code));
    return buildSubjectTree(inCategory);
  }, [all, category, query, showStopped]);

  const run = async (act: SubjectAction, s: SubjectItem) => {
    try {
      await action.mutateAsync({ action: act, id: s.id });
      void message.success(`「${s.name}」${ACTION_DONE[act]}`);
    } catch (err) {
      showError(err);
    }
  };

  const columns: TableColumnsType<SubjectRow> = [
    {
      title: '科目编码',
      dataIndex: 'displayCode',
      width: 200,
      render: (v: string) => <span style={{ fontFamily: 'monospace' }}>{v}</span>,
    },
    {
      title: '科目名称',
      dataIndex: 'name',
      render: (v: string, s) => (
        <span style={s.status === 1 ? undefined : { color: '#999' }}>
          {query ? s.name3 : v}
        </span>
      ),
    },
    { title: '余额方向', dataIndex: 'type', width: 80, align: 'center', render: (v: 1 | 2) => SUBJECT_DIRECTION_LABELS[v] },
    {
      title: '辅助核算',
      dataIndex: 'fzhsName',
      width: 110,
      render: (v: string) => (v ? <Tag color="blue">{v}</Tag> : null),
    },
    {
      title: '数量核算',
      dataIndex: 'quantity',
      width: 90,
      render: (v: boolean, s) => (v ? <Tag color="purple">{s.unit || '是'}</Tag> : null),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 70,
      render: (v: number) => (v === 1 ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>),
    },
    {
      title: '操作',
      key: 'ops',
      width: 230,
      render: (_v, s) => (
        <Space size={0} wrap={false}>
          {s.status === 1 && (
            <Btn code={ADD_SUBJECT_BUTTON} type="link" size="small" onClick={() => setAdding({ parentId: s.id })} data-testid={`subject-add-child-${s.code}`}>
              新增下级
            </Btn>
          )}
          <Button type="link" size="small" onClick={() => setEditing(s)} data-testid={`subject-edit-${s.code}`}>
            编辑
          </Button>
          {s.status === 1 ? (
            <Popconfirm title={`确定停用「${s.name}」吗？`} description={s.isLeaf ? undefined : '下级科目将一并停用'} onConfirm={() => void run('stopUseSubject', s)}>
              <Button type="link" size="small">
                停用
              </Button>
            </Popconfirm>
          ) : (
            <Popconfirm title={`确定启用「${s.name}」吗？`} onConfirm={() => void run('startUseSubject', s)}>
              <Button type="link" size="small">
                启用
              </Button>
            </Popconfirm>
          )}
          <Popconfirm title={`确定删除「${s.name}」吗？`} description="已有凭证或余额的科目不能删除" onConfirm={() => void run('delSubject', s)} okButtonProps={{ danger: true }}>
            <Button type="link" size="small" danger data-testid={`subject-del-${s.code}`}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  if (!w.comId) {
    return (
      <Card>
        <Empty description="请先进入公司账簿" />
      </Card>
    );
  }

  return (
    <Card data-testid="subject-page" styles={{ body: { paddingTop: 4 } }}>
      <Tabs
        activeKey={category}
        onChange={(k) => setCategory(k as SubjectCategory)}
        items={SUBJECT_CATEGORIES.map((c) => ({ key: c, label: `${c}${counts.get(c) ? `（${counts.get(c)}）` : ''}` }))}
        tabBarExtraContent={
          <Space>
            <Input.Search
              allowClear
              placeholder="编码/名称/拼音首字母"
              style={{ width: 220 }}
              onChange={(e) => setQuery(e.target.value)}
              data-testid="subject-search"
            />
            <Checkbox checked={showStopped} onChange={(e) => setShowStopped(e.target.checked)}>
              显示停用
            </Checkbox>
            <Button icon={<ReloadOutlined />} onClick={() => void subjects.refetch()} />
            <Btn code={ADD_SUBJECT_BUTTON} type="primary" icon={<PlusOutlined />} onClick={() => setAdding({ parentId: null })} data-testid="subject-add">
              新增科目
            </Btn>
          </Space>
        }
      />
      <Table<SubjectRow>
        key={`${category}:${query ? 'flat' : 'tree'}:${all.length}`}
        data-testid="subject-table"
        size="small"
        rowKey="id"
        loading={subjects.isLoading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        expandable={{ defaultExpandAllRows: true, indentSize: 18 }}
        scroll={{ y: 'calc(100vh - 280px)' }}
        locale={{ emptyText: subjects.isError ? '科目加载失败' : '没有数据' }}
      />
      <Flex justify="space-between" style={{ marginTop: 8 }}>
        <Typography.Text type="secondary">
          共 {all.length} 个科目；只有末级科目可以录入凭证，新增第一个下级科目时上级科目已有的凭证和余额会转入该下级科目。
        </Typography.Text>
      </Flex>
      <AddSubjectDialog open={adding !== null} parentId={adding?.parentId} onClose={() => setAdding(null)} />
      <SubjectEditDialog subject={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
