/**
 * Add / edit one invoice with its goods lines. Amount = count × price and tax = amount × rate fill themselves in
 * as the accountant types (both stay editable: printed invoices may differ within the tax-control tolerances,
 * which the server checks). A vouchered invoice opens read-only until its voucher is deleted.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, App, AutoComplete, Button, Col, Form, Input, Modal, Radio, Row, Select, Space, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_BUSINESS_TYPES } from '@dzy/domain/business-types/business-types';
import {
  type InvoiceDirection,
  type InvoiceLineInput,
  type SaveInvoiceBody,
} from '@dzy/domain/contracts/invoices.contract';
import { DEFAULT_GOODS_RATES_BP, formatRate, invoiceType, lineAmountFromPrice, SELECTABLE_INVOICE_TYPES, taxOf } from '@dzy/domain/invoices/index';
import { fenToYuan, formatMoney, parseAmount } from '@dzy/domain/ledger/index';
import { BuyerDialog } from '../../../components/buyer-seller-dialog';
import { BusinessTypeSelect } from '../../../components/business-type-select';
import type { GoodsItem } from '@dzy/domain/contracts/goods.contract';
import { GoodsPicker } from '../../goods/components/goods-picker';
import { useShowApiError } from '../../settle/settled-notice';
import { useBuyerList, useInvoiceInfo, useSaveInvoice } from '../api';
import { useMissingSettingPrompt } from '../../../components/missing-setting-prompt';

interface LineValues {
  goodsName?: string;
  spec?: string;
  unit?: string;
  count?: string;
  price?: string;
  amount?: string;
  rateBp?: number;
  tax?: string;
  businessTypeId?: number;
  assetId?: number | null;
}

interface FormValues {
  typeCode: string;
  invoiceCode?: string;
  invoiceNumber?: string;
  invoiceDate?: string;
  counterpartyName?: string;
  counterpartyTaxNo?: string;
  certStatus: number;
  remark?: string;
  lines: LineValues[];
}

const RATE_OPTIONS = [...new Set(DEFAULT_GOODS_RATES_BP)].sort((a, b) => b - a).map((bp) => ({ value: bp, label: formatRate(bp) }));
const fen = (v: string | undefined): number => {
  const r = parseAmount(v ?? '');
  return r.ok ? r.fen : 0;
};

export function InvoiceFormDialog(props: { direction: InvoiceDirection; id: number | null; open: boolean; period: string; onClose: () => void }) {
  const { direction, id, open, period, onClose } = props;
  const { message } = App.useApp();
  const showError = useShowApiError();
  const missing = useMissingSettingPrompt();
  const [form] = Form.useForm<FormValues>();
  const info = useInvoiceInfo(direction, open ? id : null);
  const save = useSaveInvoice(direction);
  const typeCode = Form.useWatch('typeCode', form);
  const lines = Form.useWatch('lines', form) ?? [];
  const frozen = Boolean(id && info.data?.voucherId);
  const group = direction === 1 ? 'in' : 'out';
  const defaultTypeId = useMemo(() => DEFAULT_BUSINESS_TYPES.find((b) => b.group === group)?.id, [group]);
  const who = direction === 1 ? '销售方' : '购买方';
  const counterparty = Form.useWatch('counterpartyName', form) ?? '';
  const [buyerOpen, setBuyerOpen] = useState(false);
  const buyers = useBuyerList(direction === 2 && open ? counterparty.trim() : '');
  const buyerOptions = (direction === 2 ? (buyers.data?.list ?? []) : []).map((b) => ({ value: b.name, label: `${b.name}（${b.taxNo}）`, taxNo: b.taxNo }));

  useEffect(() => {
    if (!open) return;
    if (id === null) {
      const defaultDate = `${period.slice(0, 4)}-${period.slice(4, 6)}-01`;
      form.setFieldsValue({ typeCode: direction === 1 ? '004' : '007', invoiceCode: '', invoiceNumber: '', invoiceDate: defaultDate, counterpartyName: '', counterpartyTaxNo: '', certStatus: 1, remark: '', lines: [{ rateBp: 1300, businessTypeId: defaultTypeId }] });
    } else if (info.data) {
      const d = info.data;
      form.setFieldsValue({
        typeCode: d.typeCode,
        invoiceCode: d.invoiceCode,
        invoiceNumber: d.invoiceNumber,
        invoiceDate: d.invoiceDate,
        counterpartyName: d.counterpartyName,
        counterpartyTaxNo: d.counterpartyTaxNo,
        certStatus: d.certStatus,
        remark: d.remark,
        lines: d.lines.map((l) => ({ goodsName: l.goodsName, spec: l.spec, unit: l.unit, count: l.count, price: l.price, amount: l.amount, rateBp: l.rateBp, tax: l.tax, businessTypeId: l.businessTypeId, assetId: l.assetId })),
      });
    }
  }, [open, id, info.data, form, direction, period, defaultTypeId]);

  /** count × price → amount; amount or rate → tax. */
  const onValuesChange = (changed: Partial<FormValues>) => {
    const changedLines = changed.lines;
    if (!changedLines) return;
    const all = form.getFieldValue('lines') as LineValues[];
    changedLines.forEach((c, i) => {
      if (!c) return;
      const line = { ...all[i] };
      if (('count' in c || 'price' in c) && line.count && line.price) {
        const amount = lineAmountFromPrice(line.count, line.price);
        if (amount !== null) line.amount = fenToYuan(amount);
      }
      if ('count' in c || 'price' in c || 'amount' in c || 'rateBp' in c) {
        const r = parseAmount(line.amount ?? '');
        if (r.ok && line.rateBp !== undefined) line.tax = fenToYuan(taxOf(r.fen, line.rateBp));
      }
      form.setFieldValue(['lines', i], line);
    });
  };

  /** A picked goods gives the line its spec, unit, tax-exclusive price and rate; amount and tax follow. */
  const fillFromGoods = (i: number, g: GoodsItem) => {
    const rateBp = Math.round(g.sl * 10000);
    const price = g.price && g.hsbz ? (Number(g.price) / (1 + g.sl)).toFixed(8).replace(/\.?0+$/, '') : g.price;
    form.setFieldValue(['lines', i], { ...(form.getFieldValue(['lines', i]) as LineValues), spec: g.spec, unit: g.unit, rateBp, ...(price ? { price } : {}) });
    onValuesChange({ lines: Object.assign<LineValues[], Record<number, LineValues>>([], { [i]: { price, rateBp } }) });
  };

  const submit = async () => {
    const v = await form.validateFields();
    const body: SaveInvoiceBody = {
      id: id ?? undefined,
      typeCode: v.typeCode,
      invoiceCode: v.invoiceCode ?? '',
      invoiceNumber: v.invoiceNumber ?? '',
      invoiceDate: v.invoiceDate ?? '',
      counterpartyName: v.counterpartyName ?? '',
      counterpartyTaxNo: v.counterpartyTaxNo ?? '',
      certStatus: v.certStatus,
      remark: v.remark ?? '',
      lines: v.lines.map(
        (l): InvoiceLineInput => ({
          goodsName: l.goodsName ?? '',
          spec: l.spec ?? '',
          unit: l.unit ?? '',
          count: l.count ?? '',
          price: l.price ?? '',
          amount: l.amount ?? '',
          rate: l.rateBp ?? '',
          tax: l.tax ?? '',
          businessTypeId: l.businessTypeId ?? 0,
          assetId: l.assetId ?? null,
        }),
      ),
    };
    try {
      await save.mutateAsync(body);
      void message.success('保存成功');
      onClose();
    } catch (err) {
      if (!missing.show(err)) showError(err);
    }
  };

  const totals = lines.reduce((s, l) => ({ amount: s.amount + fen(l.amount), tax: s.tax + fen(l.tax) }), { amount: 0, tax: 0 });
  const type = typeCode ? invoiceType(typeCode) : undefined;

  return (
    <>
    {missing.element}
    <Modal
      title={`${id ? '编辑' : '新增'}${direction === 1 ? '进项' : '销项'}发票`}
      open={open}
      width={1100}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="c" onClick={onClose}>
          取消
        </Button>,
        <Button key="s" type="primary" loading={save.isPending} disabled={frozen} onClick={() => void submit()} data-testid="invoice-save">
          保存
        </Button>,
      ]}
    >
      {frozen && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={`发票已生成凭证 ${info.data?.voucherNoText ?? ''}，请先删除凭证再修改`} />}
      <Form form={form} layout="vertical" disabled={frozen} onValuesChange={onValuesChange} data-testid="invoice-form">
        <Row gutter={12}>
          <Col span={6}>
            <Form.Item name="typeCode" label="发票类型" rules={[{ required: true, message: '请选择发票类型' }]}>
              <Select showSearch optionFilterProp="label" options={SELECTABLE_INVOICE_TYPES.map((t) => ({ value: t.code, label: t.name }))} data-testid="invoice-type" />
            </Form.Item>
          </Col>
          <Col span={5}>
            <Form.Item name="invoiceCode" label="发票代码">
              <Input disabled={frozen || Boolean(type?.digital)} placeholder={type?.digital ? '数电发票无代码' : '10位或12位数字'} data-testid="invoice-code" />
            </Form.Item>
          </Col>
          <Col span={5}>
            <Form.Item name="invoiceNumber" label="发票号码" rules={[{ required: true, message: '请输入发票号码' }]}>
              <Input placeholder={type?.digital ? '20位数字' : '8位数字'} data-testid="invoice-number" />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="invoiceDate" label="开票日期" rules={[{ required: true, message: '请选择开票日期' }]}>
              <Input type="date" data-testid="invoice-date" />
            </Form.Item>
          </Col>
          {direction === 1 && type?.deductible && (
            <Col span={4}>
              <Form.Item name="certStatus" label="认证状态">
                <Radio.Group options={[{ value: 1, label: '已认证' }, { value: 0, label: '未认证' }]} />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Row gutter={12}>
          <Col span={10}>
            <Form.Item
              name="counterpartyName"
              label={
                direction === 2 ? (
                  <span>
                    {who}名称
                    <a style={{ marginInlineStart: 8 }} onClick={() => setBuyerOpen(true)} data-testid="invoice-add-buyer">
                      新增购买方
                    </a>
                  </span>
                ) : (
                  `${who}名称`
                )
              }
              rules={[{ required: true, message: `请输入${who}名称` }]}
            >
              <AutoComplete
                options={buyerOptions}
                maxLength={200}
                onSelect={(_, o) => form.setFieldValue('counterpartyTaxNo', o.taxNo)}
                data-testid="invoice-counterparty"
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="counterpartyTaxNo" label={`${who}纳税人识别号`}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="remark" label="备注">
              <Input maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <>
              <Table
                size="small"
                pagination={false}
                rowKey="key"
                dataSource={fields}
                data-testid="invoice-lines"
                columns={[
                  { title: '货物或应税劳务名称', width: 220, render: (_, f) => <Form.Item noStyle name={[f.name, 'goodsName']}><GoodsPicker disabled={frozen} onPick={(g) => fillFromGoods(f.name, g)} testId={`line-${f.name}-goods`} /></Form.Item> },
                  { title: '规格型号', width: 90, render: (_, f) => <Form.Item noStyle name={[f.name, 'spec']}><Input /></Form.Item> },
                  { title: '单位', width: 60, render: (_, f) => <Form.Item noStyle name={[f.name, 'unit']}><Input /></Form.Item> },
                  { title: '数量', width: 80, render: (_, f) => <Form.Item noStyle name={[f.name, 'count']}><Input /></Form.Item> },
                  { title: '单价', width: 90, render: (_, f) => <Form.Item noStyle name={[f.name, 'price']}><Input /></Form.Item> },
                  { title: '金额', width: 110, render: (_, f) => <Form.Item noStyle name={[f.name, 'amount']}><Input data-testid={`line-${f.name}-amount`} /></Form.Item> },
                  { title: '税率', width: 80, render: (_, f) => <Form.Item noStyle name={[f.name, 'rateBp']}><Select options={RATE_OPTIONS} /></Form.Item> },
                  { title: '税额', width: 100, render: (_, f) => <Form.Item noStyle name={[f.name, 'tax']}><Input data-testid={`line-${f.name}-tax`} /></Form.Item> },
                  {
                    title: '业务类型',
                    width: 170,
                    render: (_, f) => (
                      <>
                        <Form.Item hidden name={[f.name, 'assetId']}>
                          <Input />
                        </Form.Item>
                        <Form.Item noStyle name={[f.name, 'businessTypeId']}>
                          <BusinessTypeSelect
                            group={group}
                            assetId={lines[f.name]?.assetId}
                            onAssetChange={(assetId) => form.setFieldValue(['lines', f.name, 'assetId'], assetId)}
                            disabled={frozen}
                            testId={`line-${f.name}-business`}
                          />
                        </Form.Item>
                      </>
                    ),
                  },
                  { title: '', width: 40, render: (_, f) => <Button type="text" icon={<DeleteOutlined />} disabled={fields.length <= 1 || frozen} onClick={() => remove(f.name)} /> },
                ]}
              />
              <Row justify="space-between" style={{ marginTop: 8 }}>
                <Button icon={<PlusOutlined />} disabled={frozen} onClick={() => add({ rateBp: lines.at(-1)?.rateBp ?? 1300, businessTypeId: lines.at(-1)?.businessTypeId })}>
                  添加明细
                </Button>
                <Space size="large" data-testid="invoice-totals">
                  <Typography.Text>金额合计 {formatMoney(totals.amount)}</Typography.Text>
                  <Typography.Text>税额合计 {formatMoney(totals.tax)}</Typography.Text>
                  <Typography.Text strong>价税合计 {formatMoney(totals.amount + totals.tax)}</Typography.Text>
                </Space>
              </Row>
            </>
          )}
        </Form.List>
      </Form>
      <BuyerDialog
        open={buyerOpen}
        buyer={null}
        initialName={counterparty}
        onClose={() => setBuyerOpen(false)}
        onSaved={(b) => form.setFieldsValue({ counterpartyName: b.name, counterpartyTaxNo: b.taxNo })}
      />
    </Modal>
    </>
  );
}
