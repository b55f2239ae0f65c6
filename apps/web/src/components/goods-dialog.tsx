/**
 * Spec 001 add goods dialog (新增商品 / 编辑商品): left the 税收分类编码 tree, right the goods form, and 智能赋码
 * offering candidate codes for the name. Picking a usable tree row or a candidate fills the code (short_code), the
 * classification name (spjm) and short name (name2) and, when the code has one rate, the rate. Messages are the
 * spec §5 ones.
 *
 *     <GoodsDialog open={open} goods={null} initialName="软件开发费" onClose={close} onSaved={(g) => use(g)} />
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Checkbox, Col, Form, Input, List, Modal, Radio, Row, Select, Space, Switch, Tag, Typography } from 'antd';
import { BulbOutlined } from '@ant-design/icons';
import { GOODS_MESSAGES, type GoodsInput, type GoodsItem, type TaxCategoryItem } from '@dzy/domain/contracts/goods.contract';
import { parseSmartCodeText } from '@dzy/domain/tax-classification/index';
import { useBaseDictionary, useFetchTaxCategories, useGoodsRates, useSaveGoods, useSmartCode } from '../features/goods/api';
import { errorMessage } from '../lib/http';
import { TaxCategoryTree } from './tax-category-tree';

interface FormValues {
  name?: string;
  shortCode?: string;
  name2?: string;
  spjm?: string;
  shortName?: string;
  spec?: string;
  unit?: string;
  price?: string;
  sl?: number;
  yhStatus: boolean;
  yhText?: string;
  mslx?: string;
  hsbz: number;
  mrsp: boolean;
}

const EMPTY: FormValues = { name: '', shortCode: '', name2: '', spjm: '', shortName: '', spec: '', unit: '', price: '', sl: undefined, yhStatus: false, yhText: '', mslx: '', hsbz: 0, mrsp: false };
const rateLabel = (sl: number) => `${Math.round(sl * 10000) / 100}%`;

export function GoodsDialog(props: { open: boolean; goods: GoodsItem | null; initialName?: string; onClose: () => void; onSaved?: (g: GoodsItem) => void }) {
  const { open, goods, initialName, onClose, onSaved } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveGoods();
  const smart = useSmartCode();
  const fetchCategories = useFetchTaxCategories();
  const rates = useGoodsRates(open);
  const policies = useBaseDictionary(1, open);
  const exemptions = useBaseDictionary(2, open);
  const [codeRates, setCodeRates] = useState<number[]>([]);
  const [candidates, setCandidates] = useState<{ name: string; code: string; ratio: number }[] | null>(null);
  const shortCode = Form.useWatch('shortCode', form) ?? '';
  const sl = Form.useWatch('sl', form);
  const yhStatus = Form.useWatch('yhStatus', form);

  useEffect(() => {
    if (!open) return;
    setCandidates(null);
    setCodeRates([]);
    form.setFieldsValue(goods ? { ...goods, price: goods.price, yhStatus: goods.yhStatus === 1, mrsp: goods.mrsp === 1 } : { ...EMPTY, name: initialName ?? '' });
  }, [open, goods, initialName, form]);

  // The company's rates (by taxpayer type); the code's general-taxpayer rates are only a hint below the form.
  const companyRates = useMemo(() => (rates.data?.list ?? []).map((r) => r.sl), [rates.data]);
  const rateOptions = useMemo(() => {
    const all = new Set<number>([...companyRates, ...(goods ? [goods.sl] : [])]);
    return [...all].sort((a, b) => b - a).map((v) => ({ value: v, label: rateLabel(v) }));
  }, [companyRates, goods]);

  const pick = (item: TaxCategoryItem) => {
    setCodeRates(item.rates);
    const patch: Partial<FormValues> = { shortCode: item.code, spjm: item.name, name2: item.shortName };
    const usable = item.rates.filter((r) => companyRates.includes(r));
    const only = usable.length === 1 ? usable[0] : undefined;
    if (only !== undefined && (sl === undefined || !usable.includes(sl))) patch.sl = only;
    form.setFieldsValue(patch);
    void form.validateFields(['shortCode']).catch(() => undefined);
  };

  const pickCandidate = async (c: { name: string; code: string }) => {
    const r = await fetchCategories('', c.code);
    const item = r.list.find((i) => i.code === c.code);
    pick(item ?? { code: c.code, name: c.name, shortName: '', rates: [], isSummary: false, hasChildren: false, parentCode: null });
    setCandidates(null);
  };

  const runSmartCode = async () => {
    const name = String(form.getFieldValue('name') ?? '').trim();
    if (!name) {
      void message.warning(GOODS_MESSAGES.name);
      return;
    }
    try {
      const r = await smart.mutateAsync(name);
      setCandidates(r.list.flatMap((t) => parseSmartCodeText(t) ?? []));
    } catch (err) {
      void message.warning(errorMessage(err));
    }
  };

  const submit = async () => {
    const v = await form.validateFields();
    const body: GoodsInput = {
      ...v,
      id: goods?.id,
      yhStatus: v.yhStatus ? 1 : 0,
      yhText: v.yhStatus ? v.yhText : '',
      mrsp: v.mrsp ? 1 : 0,
      mslx: v.sl === 0 ? v.mslx : '',
    };
    try {
      const { info } = await save.mutateAsync(body);
      void message.success(goods ? '修改成功' : '新增成功');
      onSaved?.(info);
      onClose();
    } catch (err) {
      void message.warning(errorMessage(err));
    }
  };

  return (
    <Modal title={goods ? '编辑商品' : '新增商品'} open={open} width={980} onCancel={onClose} destroyOnHidden
      footer={[
        <Button key="c" onClick={onClose}>
          取消
        </Button>,
        <Button key="s" type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="goods-save">
          保存
        </Button>,
      ]}
    >
      <Row gutter={16} data-testid="goods-dialog">
        <Col span={9} style={{ borderInlineEnd: '1px solid #f0f0f0' }}>
          <TaxCategoryTree selectedCode={shortCode} onPick={pick} />
        </Col>
        <Col span={15}>
          <Form form={form} layout="vertical" data-testid="goods-form">
            <Form.Item label="商品名称" required>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="name" noStyle rules={[{ required: true, whitespace: true, message: GOODS_MESSAGES.name }]}>
                  <Input maxLength={200} data-testid="goods-name" />
                </Form.Item>
                <Button icon={<BulbOutlined />} loading={smart.isPending} onClick={() => void runSmartCode()} data-testid="goods-smart-code">
                  智能赋码
                </Button>
              </Space.Compact>
            </Form.Item>
            {candidates && (
              <List
                size="small"
                bordered
                style={{ marginTop: -12, marginBottom: 12, maxHeight: 180, overflow: 'auto' }}
                data-testid="goods-candidates"
                locale={{ emptyText: '没有找到匹配的编码，请在左侧选择' }}
                dataSource={candidates}
                renderItem={(c) => (
                  <List.Item style={{ cursor: 'pointer' }} onClick={() => void pickCandidate(c)} data-testid={`goods-candidate-${c.code}`}>
                    <Space>
                      <span>{c.name}</span>
                      <Typography.Text type="secondary">{c.code}</Typography.Text>
                    </Space>
                    <Tag color={c.ratio >= 80 ? 'green' : 'default'}>匹配度 {c.ratio}%</Tag>
                  </List.Item>
                )}
              />
            )}
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="shortCode" label="税收分类编码" rules={[{ required: true, message: GOODS_MESSAGES.shortCode }, { pattern: /^\d{19}$/, message: GOODS_MESSAGES.badCode }]}>
                  <Input maxLength={19} placeholder="在左侧选择或智能赋码" data-testid="goods-code" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="spjm" label="分类名称">
                  <Input maxLength={200} data-testid="goods-spjm" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="name2" label="分类简称" tooltip="发票上显示为 *分类简称*商品名称">
                  <Input maxLength={100} data-testid="goods-name2" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="shortName" label="简称" tooltip="留空时取商品名称的拼音首字母">
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="spec" label="规格型号">
                  <Input maxLength={170} data-testid="goods-spec" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="unit" label="单位">
                  <Input maxLength={170} data-testid="goods-unit" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="price" label="单价" rules={[{ pattern: /^\d{1,16}(\.\d{1,8})?$/, message: GOODS_MESSAGES.price }]}>
                  <Input data-testid="goods-price" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="sl" label="税率" rules={[{ required: true, message: GOODS_MESSAGES.rate }]}>
                  <Select options={rateOptions} data-testid="goods-rate" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="hsbz" label="单价含税">
                  <Radio.Group options={[{ value: 0, label: '不含税' }, { value: 1, label: '含税' }]} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="mrsp" label="默认商品" valuePropName="checked">
                  <Checkbox>设为默认</Checkbox>
                </Form.Item>
              </Col>
              {sl === 0 && (
                <Col span={12}>
                  <Form.Item name="mslx" label="免税类型" rules={[{ required: true, message: GOODS_MESSAGES.shortCode }]}>
                    <Select options={exemptions.data?.list ?? []} data-testid="goods-mslx" />
                  </Form.Item>
                </Col>
              )}
              <Col span={12}>
                <Space align="start">
                  <Form.Item name="yhStatus" label="享受优惠政策" valuePropName="checked">
                    <Switch />
                  </Form.Item>
                  {yhStatus && (
                    <Form.Item name="yhText" label="优惠政策类型" rules={[{ required: true, message: GOODS_MESSAGES.yhText }]} style={{ minWidth: 200 }}>
                      <Select options={policies.data?.list ?? []} />
                    </Form.Item>
                  )}
                </Space>
              </Col>
            </Row>
            {codeRates.length > 0 && <Alert type="info" showIcon message={`该分类一般纳税人税率：${codeRates.map(rateLabel).join('、')}`} />}
          </Form>
        </Col>
      </Row>
    </Modal>
  );
}
