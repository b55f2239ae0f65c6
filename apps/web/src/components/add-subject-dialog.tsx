/**
 * 新增科目 (spec 001 add-subject dialog, 650px): required parent (name and auxiliary-accounting name shown),
 * a name (≤ 200) or — under 管理费用 / 应交税费 / 应交增值税 — recommended-subject tags, the balance direction,
 * the auxiliary code and name instead of a name when the parent has auxiliary accounting, 数量核算 with its
 * unit, and a toggle that appends or removes the model/spec text in the name. Opens with the parent's values.
 * Gated by the kjkm_xz button code; the settlement check runs first unless a company id is given.
 *
 *     <AddSubjectDialog open={open} parentId={row.id} onClose={close} onSaved={(r) => pick(r.subject.id)} />
 */
import { useEffect, useMemo, useState } from 'react';
import { App, Button, Checkbox, Col, Form, Input, Modal, Radio, Row, Segmented, Space, Switch, Tag, Typography } from 'antd';
import {
  ADD_SUBJECT_BUTTON,
  SUBJECT_MESSAGES,
  SUBJECT_NAME_MAX,
  type FzhsItemRef,
  type SubjectItem,
} from '@dzy/domain/contracts/subjects.contract';
import { useHasButton } from '../features/session/session-context';
import { fetchNewFzhsCode, useBatchAddSubjects, useRecommendSubjects, useSaveSubject, useSubjects } from '../features/subjects/api';
import { useEnsurePeriodOpen, useShowApiError } from '../features/settle/settled-notice';
import { SubjectSelect } from './subject-select';

/** Parents under which recommended sub-subjects are offered (spec 001 §5). */
export const RECOMMEND_PARENTS = ['管理费用', '应交税费', '应交增值税'];
const SPEC_MISSING = '未输入型号，无法使用';

export interface AddSubjectSaved {
  /** The subject to post to: the new subject, or the parent when an auxiliary item was created. */
  subject: SubjectItem;
  fzhsItem: FzhsItemRef | null;
  /** Every subject created (several with recommended tags). */
  created: SubjectItem[];
}

export interface AddSubjectDialogProps {
  open: boolean;
  parentId?: number | null;
  /** A customer other than this window's (settings dialog): skips the settlement check. */
  comId?: number;
  onClose: () => void;
  onSaved?: (saved: AddSubjectSaved) => void;
}

interface FormValues {
  subjectId?: number;
  name: string;
  type: 1 | 2;
  fzhsCode: string;
  fzhsName: string;
  quantity: boolean;
  unit: string;
  spec: string;
}

const specSuffix = (spec: string) => `（${spec.trim()}）`;

export function AddSubjectDialog({ open, parentId, comId, onClose, onSaved }: AddSubjectDialogProps) {
  const { message } = App.useApp();
  const allowed = useHasButton(ADD_SUBJECT_BUTTON);
  const ensureOpen = useEnsurePeriodOpen();
  const showError = useShowApiError();
  const [form] = Form.useForm<FormValues>();
  const [ready, setReady] = useState(false);
  const [mode, setMode] = useState<'recommend' | 'custom'>('recommend');
  const [tags, setTags] = useState<string[]>([]);
  const [tagError, setTagError] = useState('');
  const [specOn, setSpecOn] = useState(false);
  const subjects = useSubjects(open);
  const save = useSaveSubject();
  const batch = useBatchAddSubjects();

  const chosenId = Form.useWatch('subjectId', form);
  const quantity = Form.useWatch('quantity', form);
  const parent = useMemo(() => subjects.data?.find((s) => s.id === chosenId), [subjects.data, chosenId]);
  const recommendable = !!parent && RECOMMEND_PARENTS.includes(parent.name) && !parent.fzhsId;
  const recommend = useRecommendSubjects(recommendable ? parent.code : undefined);
  const useTags = recommendable && mode === 'recommend' && (recommend.data?.length ?? 0) > 0;
  const withFzhs = !!parent?.fzhsId;
  const parents = useMemo(() => (subjects.data ?? []).filter((s) => s.status === 1), [subjects.data]);

  // Permission and settlement checks before the dialog shows anything (spec 001 §5-6).
  useEffect(() => {
    if (!open) {
      setReady(false);
      return;
    }
    let cancelled = false;
    void (async () => {
      if (!allowed) {
        void message.error(SUBJECT_MESSAGES.noPermission);
        onClose();
        return;
      }
      if (comId === undefined && !(await ensureOpen())) {
        if (!cancelled) onClose();
        return;
      }
      if (!cancelled) setReady(true);
    })();
    return () => {
      cancelled = true;
    };
    // Runs once per opening, not again when the callbacks' identities change.
  }, [open]);

  // The dialog opens with the parent's values: direction, 数量核算 and unit.
  useEffect(() => {
    if (!ready) return;
    form.setFieldsValue({ subjectId: parentId ?? undefined });
  }, [ready, parentId, form]);

  useEffect(() => {
    if (!parent) return;
    form.setFieldsValue({ type: parent.type, quantity: parent.quantity, unit: parent.unit, fzhsCode: '', fzhsName: '' });
    setTags([]);
    setTagError('');
    setMode('recommend');
    if (parent.fzhsId) {
      const categoryId = parent.fzhsId;
      fetchNewFzhsCode(categoryId)
        .then((r) => {
          if (form.getFieldValue('subjectId') === parent.id) form.setFieldValue('fzhsCode', r.code);
        })
        .catch(showError);
    }
  }, [parent, form, showError]);

  const nameField: 'name' | 'fzhsName' = withFzhs ? 'fzhsName' : 'name';

  const toggleSpec = (on: boolean) => {
    const spec = (form.getFieldValue('spec') as string | undefined)?.trim() ?? '';
    const name = (form.getFieldValue(nameField) as string | undefined) ?? '';
    if (on && !spec) {
      void message.warning(SPEC_MISSING);
      return;
    }
    const suffix = specSuffix(spec);
    form.setFieldValue(nameField, on ? `${name}${suffix}` : name.endsWith(suffix) ? name.slice(0, -suffix.length) : name);
    setSpecOn(on);
  };

  const close = () => {
    form.resetFields();
    setSpecOn(false);
    onClose();
  };

  const submit = async () => {
    if (useTags && tags.length === 0) setTagError(SUBJECT_MESSAGES.recommendEmpty);
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    if (!parent || v.subjectId === undefined) return;
    try {
      if (useTags) {
        if (tags.length === 0) return;
        const items = (recommend.data ?? []).filter((r) => tags.includes(r.name));
        const r = await batch.mutateAsync(items.map((i) => ({ subjectId: parent.id, name: i.name, type: i.type })));
        void message.success('新增成功');
        const first = r.list[0];
        if (first) onSaved?.({ subject: first, fzhsItem: null, created: r.list });
      } else {
        const r = await save.mutateAsync({
          subjectId: parent.id,
          name: withFzhs ? '' : v.name.trim(),
          type: v.type,
          comId,
          fzhsCode: withFzhs ? v.fzhsCode.trim() : undefined,
          fzhsName: withFzhs ? v.fzhsName.trim() : undefined,
          quantity: v.quantity,
          unit: v.quantity ? v.unit.trim() : '',
        });
        void message.success('新增成功');
        if (r.info.movedPostings) void message.info(`「${parent.name}」已有的凭证和余额已转入新科目`);
        onSaved?.({ subject: r.info, fzhsItem: r.info.fzhsItem, created: withFzhs ? [] : [r.info] });
      }
      close();
    } catch (err) {
      showError(err);
    }
  };

  return (
    <Modal
      open={open && ready}
      title="新增科目"
      width={650}
      onCancel={close}
      destroyOnHidden
      data-testid="add-subject-dialog"
      footer={[
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={save.isPending || batch.isPending} onClick={() => void submit()} data-testid="add-subject-ok">
          确定
        </Button>,
      ]}
    >
      <Form<FormValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '96px' }}
        initialValues={{ name: '', type: 1, fzhsCode: '', fzhsName: '', quantity: false, unit: '', spec: '' }}
        preserve={false}
      >
        <Form.Item name="subjectId" label="上级科目" rules={[{ required: true, message: SUBJECT_MESSAGES.parentRequired }]}>
          <SubjectSelect
            subjects={parents}
            showFzhs
            useDisplayCode
            loading={subjects.isLoading}
            placeholder="请选择上级科目"
            testId="add-subject-parent"
          />
        </Form.Item>
        {parent?.fzhsId ? (
          <Typography.Paragraph type="secondary" style={{ marginInlineStart: 96 }}>
            「{parent.name3}」设置了辅助核算「{parent.fzhsName}」，新增的是辅助核算项目。
          </Typography.Paragraph>
        ) : null}
        {recommendable && (recommend.data?.length ?? 0) > 0 && (
          <Form.Item label="添加方式">
            <Segmented
              value={mode}
              onChange={(v) => setMode(v === 'custom' ? 'custom' : 'recommend')}
              options={[
                { value: 'recommend', label: '推荐科目' },
                { value: 'custom', label: '自定义' },
              ]}
            />
          </Form.Item>
        )}
        {useTags ? (
          <Form.Item label="下级科目" required validateStatus={tagError ? 'error' : undefined} help={tagError || undefined}>
            <Space size={[6, 8]} wrap data-testid="add-subject-tags">
              {(recommend.data ?? []).map((r) => (
                <Tag.CheckableTag
                  key={r.name}
                  checked={tags.includes(r.name)}
                  onChange={(on) => {
                    setTagError('');
                    setTags((t) => (on ? [...t, r.name] : t.filter((n) => n !== r.name)));
                  }}
                  style={{ border: '1px solid #d9d9d9' }}
                >
                  {r.name}
                </Tag.CheckableTag>
              ))}
            </Space>
          </Form.Item>
        ) : withFzhs ? (
          <Row gutter={12}>
            <Col span={10}>
              <Form.Item name="fzhsCode" label="辅助核算代码" labelCol={{ flex: '96px' }} rules={[{ required: true, whitespace: true, message: SUBJECT_MESSAGES.fzhsCodeRequired }]}>
                <Input maxLength={40} data-testid="add-subject-fzhs-code" />
              </Form.Item>
            </Col>
            <Col span={14}>
              <Form.Item name="fzhsName" label="名称" labelCol={{ flex: '48px' }} rules={[{ required: true, whitespace: true, message: SUBJECT_MESSAGES.fzhsNameRequired }]}>
                <Input maxLength={SUBJECT_NAME_MAX} data-testid="add-subject-fzhs-name" />
              </Form.Item>
            </Col>
          </Row>
        ) : (
          <Form.Item
            name="name"
            label="科目名称"
            rules={[
              { required: true, whitespace: true, message: SUBJECT_MESSAGES.nameRequired },
              { max: SUBJECT_NAME_MAX, message: SUBJECT_MESSAGES.nameTooLong },
            ]}
          >
            <Input maxLength={SUBJECT_NAME_MAX} showCount placeholder="请输入科目名称" data-testid="add-subject-name" />
          </Form.Item>
        )}
        {!useTags && (
          <>
            <Form.Item name="type" label="余额方向">
              <Radio.Group disabled={withFzhs} data-testid="add-subject-type">
                <Radio value={1}>借</Radio>
                <Radio value={2}>贷</Radio>
              </Radio.Group>
            </Form.Item>
            <Form.Item label="数量核算">
              <Space>
                <Form.Item name="quantity" valuePropName="checked" noStyle>
                  <Checkbox disabled={withFzhs}>启用</Checkbox>
                </Form.Item>
                {quantity && (
                  <Form.Item name="unit" noStyle rules={[{ max: 20, message: SUBJECT_MESSAGES.unitTooLong }]}>
                    <Input placeholder="计量单位" maxLength={20} style={{ width: 120 }} />
                  </Form.Item>
                )}
              </Space>
            </Form.Item>
            <Form.Item label="规格型号">
              <Space>
                <Form.Item name="spec" noStyle>
                  <Input placeholder="规格型号" maxLength={170} style={{ width: 200 }} disabled={specOn} />
                </Form.Item>
                <Switch checked={specOn} onChange={toggleSpec} size="small" data-testid="add-subject-spec-toggle" />
                <Typography.Text type="secondary">名称中包含规格型号</Typography.Text>
              </Space>
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
