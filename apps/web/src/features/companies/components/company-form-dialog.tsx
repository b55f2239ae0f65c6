/**
 * Add or edit a client company (companySave): name, tax number, taxpayer type, region, start period,
 * accounting standard, contact and phone. Editing loads companyInfo first (the list lacks contact and phone)
 * and keeps every field this form does not show (income-tax method, profit carry-over, remark, combining).
 */
import { useEffect } from 'react';
import { Alert, Cascader, Col, DatePicker, Form, Input, Modal, Radio, Row, Select, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ACCOUNTING_STANDARD_LABELS,
  ACCOUNTING_STANDARDS,
  COMPANY_TYPE_LABELS,
  COMPANY_TYPES,
  MIN_START_PERIOD,
  type AccountingStandard,
  type CompanyDetail,
  type CompanySaveBody,
  type CompanyType,
} from '@dzy/domain/contracts/companies.contract';
import { ServerError } from '../../users/components/server-error';
import { useCompanyInfo, useSaveCompany } from '../api';
import { DISTRICT_OPTIONS, districtFromPath, districtPath } from './district-path';

interface CompanyForm {
  name: string;
  taxNo: string;
  type: CompanyType;
  district: string[];
  startPeriod?: Dayjs;
  accountingStandard: AccountingStandard;
  contact: string;
  tel: string;
}

const TYPE_OPTIONS = COMPANY_TYPES.map((t) => ({ value: t, label: COMPANY_TYPE_LABELS[t] }));
const STANDARD_OPTIONS = ACCOUNTING_STANDARDS.map((s) => ({ value: s, label: ACCOUNTING_STANDARD_LABELS[s] }));
const MIN_START = dayjs(`${MIN_START_PERIOD.slice(0, 4)}-${MIN_START_PERIOD.slice(4)}-01`);

function formValues(c: CompanyDetail | undefined): CompanyForm {
  if (!c) return { name: '', taxNo: '', type: '1', district: [], startPeriod: dayjs().startOf('month'), accountingStandard: 'small', contact: '', tel: '' };
  return {
    name: c.name,
    taxNo: c.taxNo,
    type: c.type,
    district: districtPath(c.district),
    startPeriod: dayjs(`${c.startPeriod.slice(0, 4)}-${c.startPeriod.slice(4)}-01`),
    accountingStandard: c.accountingStandard,
    contact: c.contact,
    tel: c.tel,
  };
}

export interface CompanyFormDialogProps {
  /** null: closed; {}: add; { comId }: edit. */
  target: { comId?: number } | null;
  onClose: () => void;
  onSaved: (name: string) => void;
}

export function CompanyFormDialog({ target, onClose, onSaved }: CompanyFormDialogProps) {
  const [form] = Form.useForm<CompanyForm>();
  const save = useSaveCompany();
  const comId = target?.comId;
  const info = useCompanyInfo(comId);
  const detail = comId !== undefined ? info.data : undefined;
  const loading = comId !== undefined && info.isLoading;

  useEffect(() => {
    if (!target) return;
    save.reset();
    form.resetFields();
    if (comId === undefined || detail) form.setFieldsValue(formValues(detail));
  }, [target, detail]);

  const submit = async () => {
    const v = await form.validateFields();
    const chosen = districtFromPath(v.district);
    // An unchanged cascader keeps the stored code, which may be more precise than the cascader's levels.
    const unchanged = detail !== undefined && districtFromPath(districtPath(detail.district)) === chosen;
    const body: CompanySaveBody = {
      ...(detail
        ? { id: detail.id, automatic: detail.automatic === 1 ? 1 : 0, mainComId: detail.mainComId, qysds: detail.qysds, jzsy: detail.jzsy, remark: detail.remark }
        : {}),
      name: v.name,
      taxNo: v.taxNo,
      type: v.type,
      district: unchanged ? detail.district : chosen,
      startPeriod: v.startPeriod ? v.startPeriod.format('YYYYMM') : '',
      accountingStandard: v.accountingStandard,
      contact: v.contact ?? '',
      tel: v.tel ?? '',
    };
    await save.mutateAsync(body);
    onSaved(v.name);
  };

  return (
    <Modal
      open={target !== null}
      title={comId === undefined ? '新增客户' : '编辑客户'}
      width={640}
      okText="保存"
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: loading || info.isError }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      data-testid="company-form-dialog"
    >
      <ServerError error={save.error} />
      {comId !== undefined && info.isError && <Alert type="error" showIcon title="客户信息加载失败" style={{ marginBottom: 16 }} />}
      <Spin spinning={loading}>
        <Form form={form} layout="vertical">
          <Row gutter={16}>
            <Col span={24}>
              <Form.Item name="name" label="公司名称" rules={[{ required: true, whitespace: true, message: '请输入公司名称' }]}>
                <Input maxLength={200} data-testid="company-name" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="taxNo" label="纳税人识别号" rules={[{ required: true, whitespace: true, message: '请输入纳税人识别号' }]}>
                <Input maxLength={20} placeholder="统一社会信用代码" data-testid="company-taxno" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="type" label="纳税人类型" rules={[{ required: true, message: '请选择纳税人类型' }]}>
                <Radio.Group options={TYPE_OPTIONS} data-testid="company-type" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="district" label="所属地区" rules={[{ required: true, type: 'array', min: 1, message: '请选择所属地区' }]}>
                <Cascader
                  options={DISTRICT_OPTIONS}
                  changeOnSelect
                  placeholder="省份 / 计划单列市"
                  showSearch
                  data-testid="company-district"
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="startPeriod" label="建账期间" extra={detail ? '建账期间创建后不可修改' : undefined} rules={[{ required: true, message: '请选择建账期间' }]}>
                <DatePicker
                  picker="month"
                  format="YYYY年MM月"
                  allowClear={false}
                  style={{ width: '100%' }}
                  disabledDate={(d) => d.isBefore(MIN_START)}
                  disabled={detail !== undefined}
                  data-testid="company-start-period"
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="accountingStandard" label="会计准则" rules={[{ required: true, message: '请选择会计准则' }]}>
                <Select options={STANDARD_OPTIONS} data-testid="company-standard" />
              </Form.Item>
            </Col>
            <Col span={12} />
            <Col span={12}>
              <Form.Item name="contact" label="联系人">
                <Input maxLength={50} data-testid="company-contact" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="tel" label="联系电话">
                <Input maxLength={20} data-testid="company-tel" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
    </Modal>
  );
}
