/**
 * /setting/fzhs — 辅助核算: categories (客户 供应商 职员 部门 项目 存货 and custom ones) as tabs; per category the
 * items (code from newFzhsCode, name) with add/edit/delete, and the subjects bound to it (bind / unbind).
 */
import { useMemo, useState } from 'react';
import { App, Button, Card, Col, Empty, Form, Input, List, Modal, Popconfirm, Row, Space, Table, Tabs, Tag, Typography } from 'antd';
import { LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { FZHS_CATEGORY_NAME_MAX, FZHS_MESSAGES, type CoopType, type FzhsCategoryItem, type FzhsItem } from '@dzy/domain/contracts/fzhs.contract';
import { PartnerDialog } from '../../../components/partner-dialog';
import { useSession } from '../../session/session-context';
import { useShowApiError } from '../../settle/settled-notice';
import {
  useDeleteFzhs,
  useDeleteFzhsCategory,
  useFzhsCategories,
  useFzhsItems,
  useSaveFzhsCategory,
  useSubjects,
  useUnbindSubject,
} from '../api';
import { FzhsBindDialog } from '../components/fzhs-bind-dialog';
import { FzhsItemDialog, type FzhsItemTarget } from '../components/fzhs-item-dialog';

export default function FzhsPage() {
  const { message } = App.useApp();
  const { window: w } = useSession();
  const showError = useShowApiError();
  const categories = useFzhsCategories();
  const subjects = useSubjects();
  const [activeId, setActiveId] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const [itemTarget, setItemTarget] = useState<FzhsItemTarget | null>(null);
  const [partnerEdit, setPartnerEdit] = useState<{ type: CoopType; item?: FzhsItem } | null>(null);
  const [binding, setBinding] = useState<FzhsCategoryItem | null>(null);
  const [categoryEdit, setCategoryEdit] = useState<{ item?: FzhsCategoryItem } | null>(null);
  const [categoryForm] = Form.useForm<{ name: string }>();
  const saveCategory = useSaveFzhsCategory();
  const delCategory = useDeleteFzhsCategory();
  const delItem = useDeleteFzhs();
  const unbind = useUnbindSubject();

  const list = useMemo(() => categories.data ?? [], [categories.data]);
  const active = list.find((c) => c.id === activeId) ?? list[0] ?? null;
  const items = useFzhsItems(active?.id ?? null, query, active !== null);
  // 客户 / 供应商 items are business partners: added and edited with the partner dialog (bound subject required).
  const partnerType: CoopType | null = active?.kind === 'customer' ? '1' : active?.kind === 'supplier' ? '2' : null;
  const subjectLabels = useMemo(() => new Map((subjects.data ?? []).map((s) => [s.id, `${s.displayCode} ${s.name3}`])), [subjects.data]);
  const editItem = (item?: FzhsItem) => {
    if (!active) return;
    if (partnerType) setPartnerEdit({ type: partnerType, item });
    else setItemTarget({ category: active, item });
  };
  const bound = useMemo(() => (subjects.data ?? []).filter((s) => active && s.fzhsId === active.id), [subjects.data, active]);

  const attempt = async (work: () => Promise<unknown>, done: string): Promise<boolean> => {
    try {
      await work();
      void message.success(done);
      return true;
    } catch (err) {
      showError(err);
      return false;
    }
  };

  const submitCategory = async () => {
    const v = await categoryForm.validateFields().catch(() => null);
    if (!v) return;
    if (await attempt(() => saveCategory.mutateAsync({ id: categoryEdit?.item?.id, name: v.name.trim() }), '保存成功')) setCategoryEdit(null);
  };

  if (!w.comId) {
    return (
      <Card>
        <Empty description="请先进入公司账簿" />
      </Card>
    );
  }

  return (
    <Card data-testid="fzhs-page" styles={{ body: { paddingTop: 4 } }}>
      <Tabs
        activeKey={active ? String(active.id) : undefined}
        onChange={(k) => {
          setActiveId(Number(k));
          setQuery('');
        }}
        items={list.map((c) => ({ key: String(c.id), label: `${c.name}（${c.itemCount}）` }))}
        tabBarExtraContent={
          <Button
            icon={<PlusOutlined />}
            onClick={() => {
              categoryForm.setFieldsValue({ name: '' });
              setCategoryEdit({});
            }}
          >
            新增类别
          </Button>
        }
      />
      {active ? (
        <Row gutter={16}>
          <Col xs={24} xl={16}>
            <Space style={{ marginBottom: 8 }} wrap>
              <Input.Search allowClear placeholder="编码/名称" style={{ width: 220 }} onSearch={setQuery} data-testid="fzhs-search" />
              <Button type="primary" icon={<PlusOutlined />} onClick={() => editItem()} data-testid="fzhs-add">
                新增{active.name}
              </Button>
              {!active.builtIn && (
                <>
                  <Button
                    onClick={() => {
                      categoryForm.setFieldsValue({ name: active.name });
                      setCategoryEdit({ item: active });
                    }}
                  >
                    重命名类别
                  </Button>
                  <Popconfirm title={`确定删除类别「${active.name}」吗？`} onConfirm={() => void attempt(() => delCategory.mutateAsync(active.id), '删除成功')}>
                    <Button danger>删除类别</Button>
                  </Popconfirm>
                </>
              )}
            </Space>
            <Table<FzhsItem>
              data-testid="fzhs-table"
              size="small"
              rowKey="id"
              loading={items.isLoading}
              dataSource={items.data ?? []}
              pagination={{ defaultPageSize: 20, pageSizeOptions: [10, 20, 50, 100, 200, 300, 500], showSizeChanger: true, showTotal: (t) => `共 ${t} 条` }}
              columns={[
                { title: '编码', dataIndex: 'code', width: 140 },
                { title: '名称', dataIndex: 'name' },
                ...(partnerType
                  ? [{ title: '科目', dataIndex: 'subjectId', width: 220, render: (v: number | null) => (v === null ? '' : (subjectLabels.get(v) ?? '')) }]
                  : []),
                { title: '状态', dataIndex: 'status', width: 80, render: (v: number) => (v === 1 ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>) },
                {
                  title: '操作',
                  width: 130,
                  render: (_v, item) => (
                    <Space size={0}>
                      <Button type="link" size="small" onClick={() => editItem(item)}>
                        编辑
                      </Button>
                      <Popconfirm title={`确定删除「${item.name}」吗？`} onConfirm={() => void attempt(() => delItem.mutateAsync(item.id), '删除成功')}>
                        <Button type="link" size="small" danger>
                          删除
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]}
            />
          </Col>
          <Col xs={24} xl={8}>
            <Card
              size="small"
              title="已绑定科目"
              extra={
                <Button size="small" icon={<LinkOutlined />} onClick={() => setBinding(active)} data-testid="fzhs-bind">
                  绑定科目
                </Button>
              }
            >
              <List
                size="small"
                dataSource={bound}
                locale={{ emptyText: '尚未绑定科目' }}
                renderItem={(s) => (
                  <List.Item
                    actions={[
                      <Popconfirm key="unbind" title={`确定取消「${s.name3}」的辅助核算吗？`} onConfirm={() => void attempt(() => unbind.mutateAsync(s.id), '已取消辅助核算')}>
                        <Button type="link" size="small">
                          解除
                        </Button>
                      </Popconfirm>,
                    ]}
                  >
                    <Typography.Text>
                      {s.displayCode} {s.name3}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        </Row>
      ) : (
        <Empty description={categories.isLoading ? '加载中' : '没有辅助核算类别'} />
      )}
      <FzhsItemDialog target={itemTarget} onClose={() => setItemTarget(null)} />
      <PartnerDialog
        open={partnerEdit !== null}
        type={partnerEdit?.type}
        partner={partnerEdit?.item && { id: partnerEdit.item.id, name: partnerEdit.item.name, subjectId: partnerEdit.item.subjectId }}
        onClose={() => setPartnerEdit(null)}
      />
      <FzhsBindDialog category={binding} subjects={subjects.data ?? []} onClose={() => setBinding(null)} />
      <Modal
        open={categoryEdit !== null}
        title={categoryEdit?.item ? '重命名类别' : '新增类别'}
        width={420}
        confirmLoading={saveCategory.isPending}
        onOk={() => void submitCategory()}
        onCancel={() => setCategoryEdit(null)}
        forceRender
      >
        <Form form={categoryForm}>
          <Form.Item
            name="name"
            label="类别名称"
            rules={[
              { required: true, whitespace: true, message: FZHS_MESSAGES.categoryNameRequired },
              { max: FZHS_CATEGORY_NAME_MAX, message: FZHS_MESSAGES.categoryNameTooLong },
            ]}
          >
            <Input maxLength={FZHS_CATEGORY_NAME_MAX} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
