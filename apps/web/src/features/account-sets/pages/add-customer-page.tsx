/**
 * /fianceAccount/addCustomer — 新建账套: creates a client company's account set (accounting standard, taxpayer
 * type, start period, subject code scheme). Creating it loads the standard's chart shaped by the taxpayer type;
 * a company that already has one shows it, with the taxpayer-type change (VAT sub-accounts added or removed).
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Alert, Button, Card, Descriptions, Empty, Form, Popconfirm, Radio, Result, Space, Tag, Typography } from 'antd';
import { ACCOUNTING_STANDARD_LABELS, COMPANY_TYPE_LABELS, type AccountingStandard, type CompanyType } from '@dzy/domain/contracts/companies.contract';
import type { AccountSetInfo } from '@dzy/domain/contracts/account-sets.contract';
import { periodName } from '@dzy/domain/period/period';
import { useOpenCompanyBooks } from '../../shell/company-books';
import { useShowApiError } from '../../settle/settled-notice';
import { useAccountSetInfo, useChangeTaxpayerType, useKjInit } from '../api';
import { CodeSchemeEditor, DEFAULT_SCHEME, checkScheme, type CodeScheme } from '../components/code-scheme-editor';
import { CompanyPicker, useCompanyDetail, usePickedCompanyId } from '../components/company-picker';

const STANDARD_OPTIONS: { value: AccountingStandard; label: string }[] = [
  { value: 'small', label: '小企业会计准则(2013)' },
  { value: 'enterprise', label: '企业会计准则' },
];

interface FormValues {
  standard: AccountingStandard;
  taxpayerType: CompanyType;
}

function AccountSetSummary({ info, onOpening, onBooks }: { info: AccountSetInfo; onOpening: () => void; onBooks: () => void }) {
  const { message } = App.useApp();
  const showError = useShowApiError();
  const change = useChangeTaxpayerType();
  const other: CompanyType = info.taxpayerType === '1' ? '2' : '1';
  const switchType = async () => {
    try {
      const r = await change.mutateAsync({ comId: info.comId, taxpayerType: other });
      const parts = [r.added.length ? `新增科目 ${r.added.length} 个` : '', r.removed.length ? `移除科目 ${r.removed.length} 个` : ''].filter(Boolean);
      void message.success(`已变更为${COMPANY_TYPE_LABELS[other]}${parts.length ? `，${parts.join('，')}` : ''}`);
    } catch (err) {
      showError(err);
    }
  };
  return (
    <Card title={<Space>{info.comName}<Tag color="success">已建账</Tag></Space>} data-testid="account-set-info">
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="会计准则">{info.standardName}</Descriptions.Item>
        <Descriptions.Item label="纳税人类型">{info.taxpayerTypeName}</Descriptions.Item>
        <Descriptions.Item label="建账期间">{periodName(info.startPeriod)}</Descriptions.Item>
        <Descriptions.Item label="科目编码规则">
          {info.codes}
          {info.codeSeparator ? `（分隔符 ${info.codeSeparator}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="科目数">{info.subjectCount}</Descriptions.Item>
        <Descriptions.Item label="期初试算平衡">{info.openingChecked ? <Tag color="success">已通过</Tag> : <Tag color="warning">未通过</Tag>}</Descriptions.Item>
      </Descriptions>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" onClick={onOpening} data-testid="goto-opening">
          录入期初
        </Button>
        <Button onClick={onBooks}>进入账簿</Button>
        <Popconfirm
          title={`确定将纳税人类型变更为${COMPANY_TYPE_LABELS[other]}吗？`}
          description={other === '2' ? '将增加应交增值税的明细科目（进项税额、销项税额等）' : '未使用的应交增值税明细科目将被移除'}
          onConfirm={() => void switchType()}
        >
          <Button loading={change.isPending}>变更为{COMPANY_TYPE_LABELS[other]}</Button>
        </Popconfirm>
      </Space>
    </Card>
  );
}

export default function AddCustomerPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const openBooks = useOpenCompanyBooks();
  const showError = useShowApiError();
  const [comId, setComId] = usePickedCompanyId();
  const company = useCompanyDetail(comId);
  const accountSet = useAccountSetInfo(comId);
  const kjInit = useKjInit();
  const [form] = Form.useForm<FormValues>();
  const [scheme, setScheme] = useState<CodeScheme>(DEFAULT_SCHEME);
  const [created, setCreated] = useState<AccountSetInfo | null>(null);
  const c = company.data;
  const standard = Form.useWatch('standard', form);

  useEffect(() => {
    if (c) form.setFieldsValue({ standard: c.accountingStandard, taxpayerType: c.type });
    setCreated(null);
  }, [c, form]);

  const submit = async () => {
    if (!comId || !c) return;
    const problem = checkScheme(scheme);
    if (problem) {
      void message.error(problem);
      return;
    }
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const r = await kjInit.mutateAsync({
        comId,
        standard: v.standard,
        taxpayerType: v.taxpayerType,
        startPeriod: c.startPeriod,
        codeLevels: scheme.levels,
        codeSeparator: scheme.separator,
      });
      setCreated(r.info);
      void message.success('建账成功');
    } catch (err) {
      showError(err);
    }
  };

  const toOpening = () => navigate(`/fianceAccount/kjInit?comId=${comId ?? ''}`);
  const toBooks = () => c && void openBooks({ id: c.id, name: c.name });
  const existing = created ?? accountSet.data ?? null;

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="add-customer-page">
      <Card size="small">
        <Space wrap>
          <span>客户</span>
          <CompanyPicker value={comId} onChange={setComId} selected={c ? { id: c.id, name: c.name, type: c.type } : undefined} />
          {c && (
            <Typography.Text type="secondary">
              {COMPANY_TYPE_LABELS[c.type]} · {c.taxNo || '无税号'}
            </Typography.Text>
          )}
        </Space>
      </Card>
      {!comId ? (
        <Card>
          <Empty description="请选择要建账的客户；新客户请先在「记账客户」中添加" />
        </Card>
      ) : created ? (
        <Result
          status="success"
          title="建账成功"
          subTitle={`已按${created.standardName}（${created.taxpayerTypeName}）预置 ${created.subjectCount} 个科目，编码规则 ${created.codes}`}
          extra={[
            <Button type="primary" key="opening" onClick={toOpening} data-testid="goto-opening">
              录入期初
            </Button>,
            <Button key="books" onClick={toBooks}>
              进入账簿
            </Button>,
          ]}
        />
      ) : existing ? (
        <AccountSetSummary info={existing} onOpening={toOpening} onBooks={toBooks} />
      ) : (
        <Card title="新建账套" loading={company.isLoading || accountSet.isLoading}>
          <Form<FormValues> form={form} labelCol={{ flex: '110px' }} style={{ maxWidth: 720 }} initialValues={{ standard: 'small', taxpayerType: '1' }}>
            <Form.Item name="standard" label="会计准则" rules={[{ required: true, message: '请选择会计准则' }]}>
              <Radio.Group options={STANDARD_OPTIONS} data-testid="kjinit-standard" />
            </Form.Item>
            <Form.Item name="taxpayerType" label="纳税人类型" rules={[{ required: true, message: '请选择纳税人类型' }]}
              extra="一般纳税人预置应交增值税的明细科目（进项税额、销项税额、转出未交增值税等）；小规模纳税人直接记入应交税费-应交增值税">
              <Radio.Group
                options={(['1', '2'] as const).map((t) => ({ value: t, label: COMPANY_TYPE_LABELS[t] }))}
                data-testid="kjinit-taxpayer"
              />
            </Form.Item>
            <Form.Item label="建账期间" extra="建账期间取自客户资料的启用期间，如需调整请先编辑客户">
              <Typography.Text strong data-testid="kjinit-start-period">
                {c?.startPeriod ? periodName(c.startPeriod) : '-'}
              </Typography.Text>
            </Form.Item>
            <Form.Item label="科目编码规则">
              <CodeSchemeEditor value={scheme} onChange={setScheme} />
            </Form.Item>
            {c && standard && c.accountingStandard !== standard && (
              <Alert type="info" showIcon style={{ marginBottom: 12 }} title={`客户资料中的会计准则为${ACCOUNTING_STANDARD_LABELS[c.accountingStandard]}`} />
            )}
            <Form.Item label=" " colon={false}>
              <Button type="primary" loading={kjInit.isPending} onClick={() => void submit()} data-testid="kjinit-submit">
                建账
              </Button>
            </Form.Item>
          </Form>
        </Card>
      )}
    </Space>
  );
}
