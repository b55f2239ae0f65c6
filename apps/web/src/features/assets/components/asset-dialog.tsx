/**
 * The fixed asset / intangible asset / long-term deferred expense dialog (spec 002 §2, §3, §5). The kind comes from
 * the page's tab; choosing an asset type fills its default periods (§9); 本月折旧额 is suggested from the values and
 * stays editable. The same checks as the server (validateAssetForm) run before saving and mark the first bad field.
 */
import { useEffect, useMemo } from 'react';
import { App, Col, DatePicker, Form, Input, Modal, Radio, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { AssetItem, AssetSubjectDefaults, SaveAssetInput } from '@dzy/domain/contracts/assets.contract';
import {
  ASSET_KIND_INFO,
  DEPRECIATION_METHODS,
  THIS_NEXT_OPTIONS,
  assetTypesOf,
  defaultDepreciationPeriods,
  residualRateToBp,
  residualValue,
  suggestedMonthlyAmount,
  validateAssetForm,
  type AssetFormField,
  type AssetKind,
} from '@dzy/domain/assets/index';
import { fenToYuan, parseAmount } from '@dzy/domain/ledger/money';
import { SubjectSelect, type SubjectOptionSource } from '../../../components/subject-select';
import { useShowApiError } from '../../settle/settled-notice';
import { useAssetSubjectInit, useSaveAsset } from '../api';

interface FormValues {
  name: string;
  spec: string;
  unit: string;
  assetType?: number;
  count: string;
  transDate?: Dayjs;
  depreciationMethod: number;
  depreciationPeriods: string;
  thisNext?: number;
  originalValue: string;
  initLjDepreciation: string;
  rmValueRate: string;
  amortizeAmount: string;
  status: number;
  yzSubjectId?: number;
  subjectId?: number;
  fySubjectId?: number;
  remark: string;
}

const fenOf = (v: string | undefined): number | null => {
  const r = parseAmount(v ?? '');
  return r.ok ? r.fen : null;
};

export function AssetDialog({
  open,
  kind,
  period,
  asset,
  defaults,
  subjects,
  onClose,
}: {
  open: boolean;
  kind: AssetKind;
  period: string;
  /** null = new card. */
  asset: AssetItem | null;
  defaults: AssetSubjectDefaults | undefined;
  subjects: readonly SubjectOptionSource[];
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveAsset();
  const subjectInit = useAssetSubjectInit();
  const showError = useShowApiError();
  const info = ASSET_KIND_INFO[kind];
  const verb = info.verb;
  const subjectCode = useMemo(() => new Map(subjects.map((s) => [s.id, s.code])), [subjects]);
  const under = (code: string) => subjects.filter((s) => s.code.startsWith(code));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (asset) {
      form.setFieldsValue({
        ...asset,
        transDate: dayjs(asset.transDate),
        count: String(asset.count),
        depreciationPeriods: String(asset.depreciationPeriods),
        yzSubjectId: asset.yzSubjectId,
        subjectId: asset.subjectId,
        fySubjectId: asset.fySubjectId,
      });
    } else {
      form.setFieldsValue({
        yzSubjectId: defaults?.yzSubjectId ?? undefined,
        subjectId: defaults?.subjectId ?? undefined,
        fySubjectId: defaults?.fySubjectId ?? undefined,
        thisNext: kind === 1 ? undefined : 2,
      });
    }
  }, [open, asset, defaults, kind, form]);

  /** 本月折旧额 suggestion: (original − residual − opening accumulated) ÷ periods. */
  const suggest = () => {
    const v = form.getFieldsValue();
    const original = fenOf(v.originalValue);
    const init = fenOf(v.initLjDepreciation || '0');
    const periods = Number(v.depreciationPeriods);
    const bp = kind === 1 ? residualRateToBp(v.rmValueRate) : 0;
    if (original === null || init === null || !Number.isInteger(periods) || periods <= 0 || bp === null) return;
    const residual = residualValue(kind, original, bp);
    form.setFieldValue('amortizeAmount', fenToYuan(suggestedMonthlyAmount({ originalFen: original, residualFen: residual, periods, accumulatedFen: init })));
  };

  const submit = async () => {
    const v = form.getFieldsValue();
    const body: SaveAssetInput = {
      ...v,
      id: asset?.id ?? null,
      type: kind,
      transDate: v.transDate?.format('YYYY-MM-DD') ?? null,
      thisNext: kind === 1 ? 0 : v.thisNext,
      rmValueRate: kind === 1 ? v.rmValueRate : '0',
    };
    const checked = validateAssetForm({ ...body, type: kind, assetType: v.assetType, count: v.count, depreciationMethod: v.depreciationMethod, depreciationPeriods: v.depreciationPeriods, originalValue: v.originalValue, initLjDepreciation: v.initLjDepreciation, amortizeAmount: v.amortizeAmount, status: v.status, yzSubjectId: v.yzSubjectId, fySubjectId: v.fySubjectId, subjectId: v.subjectId }, { period, subjectCode: (id) => subjectCode.get(id) });
    if (!checked.ok) {
      const field: AssetFormField = checked.field;
      form.setFields([{ name: field as keyof FormValues, errors: [checked.msg] }]);
      void message.error(checked.msg);
      return;
    }
    try {
      await save.mutateAsync(body);
      void message.success('保存成功');
      onClose();
    } catch (err) {
      showError(err);
    }
  };

  const addExpenseLeaves = async () => {
    try {
      const d = await subjectInit.mutateAsync();
      form.setFieldValue('fySubjectId', d[`${kind}`].fySubjectId ?? undefined);
    } catch (err) {
      showError(err);
    }
  };

  const subjectSelect = (codes: string[]) => <SubjectSelect subjects={subjects.filter((s) => codes.some((c) => s.code.startsWith(c)))} leafOnly />;

  return (
    <Modal
      open={open}
      title={`${asset ? '编辑' : '新增'}${info.name}`}
      width={820}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      okText="保存"
      destroyOnHidden
      data-testid="asset-dialog"
    >
      <Form<FormValues>
        form={form}
        layout="horizontal"
        labelCol={{ span: 8 }}
        initialValues={{ depreciationMethod: 1, status: 1, count: '1', initLjDepreciation: '0', rmValueRate: '0.05', name: '', spec: '', unit: '', remark: '' }}
        onValuesChange={(changed: Partial<FormValues>) => {
          // A message set by the last save attempt goes away once its field is edited.
          form.setFields((Object.keys(changed) as (keyof FormValues)[]).map((name) => ({ name, errors: [] })));
          if ('assetType' in changed && changed.assetType) {
            const p = defaultDepreciationPeriods(changed.assetType);
            if (p !== undefined) form.setFieldValue('depreciationPeriods', String(p));
          }
          if (['assetType', 'originalValue', 'initLjDepreciation', 'rmValueRate', 'depreciationPeriods'].some((k) => k in changed)) suggest();
        }}
      >
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="资产名称" name="name" required>
              <Input maxLength={50} data-testid="asset-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="资产类型" name="assetType" required>
              <Select data-testid="asset-type" placeholder="请选择资产类型" options={assetTypesOf(kind).map((x) => ({ value: x.id, label: x.name }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="规格型号" name="spec">
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="单位" name="unit">
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="数量" name="count" required>
              <Input data-testid="asset-count" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="入账时间" name="transDate" required>
              <DatePicker style={{ width: '100%' }} data-testid="asset-date" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={`${verb}方法`} name="depreciationMethod" required>
              <Select options={DEPRECIATION_METHODS.map((m) => ({ value: m.id, label: m.name }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={`${verb}期限(月)`} name="depreciationPeriods" required>
              <Input data-testid="asset-periods" />
            </Form.Item>
          </Col>
          {kind !== 1 && (
            <Col span={12}>
              <Form.Item label="摊销方式" name="thisNext" required>
                <Radio.Group options={THIS_NEXT_OPTIONS.map((o) => ({ value: o.id, label: o.name }))} />
              </Form.Item>
            </Col>
          )}
          <Col span={12}>
            <Form.Item label="原值" name="originalValue" required>
              <Input maxLength={16} data-testid="asset-original" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={`期初累计${verb}`} name="initLjDepreciation" required>
              <Input maxLength={16} />
            </Form.Item>
          </Col>
          {kind === 1 && (
            <Col span={12}>
              <Form.Item label="残值率" name="rmValueRate" required>
                <Input maxLength={6} data-testid="asset-rate" />
              </Form.Item>
            </Col>
          )}
          <Col span={12}>
            <Form.Item label={`本月${verb}额`} name="amortizeAmount" required>
              <Input data-testid="asset-monthly" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="状态" name="status" required>
              <Radio.Group options={[{ value: 1, label: '正常' }, { value: 2, label: '暂停' }]} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="原值科目" name="yzSubjectId" required>
              {subjectSelect([info.originalSubjectCode])}
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={`累计${verb}科目`} name="subjectId" required>
              {subjectSelect([info.accumulatedSubjectCode])}
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="费用科目" name="fySubjectId" required>
              <SubjectSelect
                subjects={under('5').concat(under('6'), under('4'))}
                leafOnly
                footer={
                  defaults && defaults.fySubjectId === null ? (
                    <a onClick={() => void addExpenseLeaves()}>添加默认费用科目（管理费用-{kind === 1 ? '折旧费' : '摊销费'}）</a>
                  ) : undefined
                }
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="备注" name="remark" labelCol={{ span: 4 }}>
              <Input.TextArea maxLength={200} rows={2} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
