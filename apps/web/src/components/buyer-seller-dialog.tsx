/**
 * Spec 001 buyer taxpayer dialog (adds or updates a buyer: name and tax number required) and seller information
 * maintenance dialog (the company's own name and tax number, address, phone, bank, payee, reviewer and issuer all
 * required). Messages are the spec §5 ones; a failed add shows 新增失败 as a warning (spec §8).
 *
 *     <BuyerDialog open={open} buyer={null} onClose={() => setOpen(false)} onSaved={(b) => use(b)} />
 *     <SellerDialog open={open} onClose={() => setOpen(false)} />
 */
import { useEffect, useState } from 'react';
import { App, AutoComplete, Col, Form, Input, Modal, Row } from 'antd';
import { PARTY_MESSAGES, type BuyerItem, type SaveBuyerBody, type SaveSellerBody } from '@dzy/domain/contracts/invoices.contract';
import { useSaveBuyer, useSaveSeller, useSellerInfo } from '../features/invoices/api';
import { useCorps } from '../features/invoice-collection/api';
import { errorMessage } from '../lib/http';

const required = (message: string) => [{ required: true, whitespace: true, message }];

export function BuyerDialog(props: { open: boolean; buyer: BuyerItem | null; initialName?: string; onClose: () => void; onSaved?: (b: BuyerItem) => void }) {
  const { open, buyer, initialName, onClose, onSaved } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<SaveBuyerBody>();
  const save = useSaveBuyer();
  // Collection-corp search on the typed name (debounced): known buyers and buyers of collected / entered invoices.
  const [typed, setTyped] = useState('');
  const [word, setWord] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setWord(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const corps = useCorps(word, open && word.length > 0);

  useEffect(() => {
    if (open) form.setFieldsValue(buyer ?? { name: initialName ?? '', taxNo: '', address: '', tel: '', bankName: '', bankAccount: '', email: '' });
  }, [open, buyer, initialName, form]);

  const pickCorp = (taxNo: string) => {
    const c = (corps.data ?? []).find((x) => x.ghdwsbh === taxNo);
    if (!c) return;
    // Fills what is known and keeps what the user typed where the source has nothing.
    const keep = (v: string, field: keyof SaveBuyerBody) => v || String(form.getFieldValue(field) ?? '');
    form.setFieldsValue({ name: c.ghdwmc, taxNo: c.ghdwsbh, bankName: keep(c.bankName, 'bankName'), bankAccount: keep(c.bankAccount, 'bankAccount'), address: keep(c.address, 'address'), tel: keep(c.tel, 'tel') });
  };

  const submit = async () => {
    const v = await form.validateFields();
    try {
      const saved = await save.mutateAsync({ ...v, id: buyer?.id });
      void message.success(buyer ? '修改成功' : '新增成功');
      onSaved?.(saved);
      onClose();
    } catch (err) {
      void message.warning(buyer ? errorMessage(err) : `${PARTY_MESSAGES.addFailed}：${errorMessage(err)}`);
    }
  };

  return (
    <Modal title={buyer ? '编辑购买方' : '新增购买方'} open={open} width={640} onCancel={onClose} onOk={() => void submit()} confirmLoading={save.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" data-testid="buyer-form">
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="name" label="纳税人名称" rules={required(PARTY_MESSAGES.buyerName)}>
              <AutoComplete
                options={(corps.data ?? []).filter((c) => c.ghdwsbh).map((c) => ({ key: c.ghdwsbh, value: c.ghdwmc, taxNo: c.ghdwsbh, label: `${c.ghdwmc}（${c.ghdwsbh}）` }))}
                onSearch={setTyped}
                onSelect={(_: string, option: { taxNo: string }) => pickCorp(option.taxNo)}
                popupMatchSelectWidth={420}
              >
                <Input maxLength={200} data-testid="buyer-name" />
              </AutoComplete>
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="taxNo" label="纳税人识别号" rules={[...required(PARTY_MESSAGES.buyerTaxNo), { min: 15, message: PARTY_MESSAGES.taxNoShort }]}>
              <Input maxLength={20} data-testid="buyer-tax-no" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="address" label="地址">
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="tel" label="电话">
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="bankName" label="开户行名称">
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="bankAccount" label="开户行账号">
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="email" label="邮箱">
              <Input maxLength={100} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

const SELLER_FIELDS: [keyof SaveSellerBody, string, string][] = [
  ['address', '地址', PARTY_MESSAGES.address],
  ['tel', '电话', PARTY_MESSAGES.tel],
  ['bankName', '开户行名称', PARTY_MESSAGES.bankName],
  ['bankAccount', '开户行账号', PARTY_MESSAGES.bankAccount],
  ['payee', '收款人', PARTY_MESSAGES.payee],
  ['reviewer', '复核人', PARTY_MESSAGES.reviewer],
  ['issuer', '开票人', PARTY_MESSAGES.issuer],
];

export function SellerDialog(props: { open: boolean; onClose: () => void }) {
  const { open, onClose } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<SaveSellerBody>();
  const info = useSellerInfo(open);
  const save = useSaveSeller();

  useEffect(() => {
    if (open && info.data) form.setFieldsValue(info.data);
  }, [open, info.data, form]);

  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync(v);
      void message.success('保存成功');
      onClose();
    } catch (err) {
      void message.warning(info.data?.saved ? errorMessage(err) : `${PARTY_MESSAGES.addFailed}：${errorMessage(err)}`);
    }
  };

  return (
    <Modal title="销方信息维护" open={open} width={640} onCancel={onClose} onOk={() => void submit()} confirmLoading={save.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" data-testid="seller-form">
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="名称">
              <Input value={info.data?.name ?? ''} disabled />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="纳税人识别号">
              <Input value={info.data?.taxNo ?? ''} disabled />
            </Form.Item>
          </Col>
          {SELLER_FIELDS.map(([name, label, msg]) => (
            <Col span={12} key={name}>
              <Form.Item name={name} label={label} rules={required(msg)}>
                <Input data-testid={`seller-${name}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}
