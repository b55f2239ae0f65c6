/**
 * 添加绑定登录信息 / 编辑: the login form by region (spec 002): the company's region code picks the methods
 * (新版登录 by default) and, per method, the fields shown, their labels and which are required.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Form, Input, Modal, Radio, Select } from 'antd';
import type { TaxLoginCompany, TaxLoginItem } from '@dzy/domain/contracts/tax-auth.contract';
import { LOGIN_FIELDS, XZSF_OPTIONS, loginFormFor, type LoginField } from '@dzy/domain/tax-auth/login-form-rules';
import type { LoginMethodName } from '@dzy/domain/tax-auth/login-methods';
import { errorMessage } from '../../../lib/http';
import { useSaveTaxLogin } from '../api';

type Values = Record<LoginField, string> & { methodName: LoginMethodName; yzmType: number };

export function LoginFormDialog({ target, company, onClose }: { target: { login?: TaxLoginItem } | null; company: TaxLoginCompany; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveTaxLogin();
  const region = useMemo(() => loginFormFor(company.district), [company.district]);
  const [methodName, setMethodName] = useState<LoginMethodName>(region.defaultMethod);
  const [error, setError] = useState('');
  const editing = target?.login;
  const method = region.methods.find((m) => m.name === methodName) ?? region.methods[0];

  useEffect(() => {
    if (!target) return;
    setError('');
    const l = target.login;
    const name = (l && region.methods.some((m) => m.name === l.methodName) ? l.methodName : region.defaultMethod) as LoginMethodName;
    setMethodName(name);
    form.setFieldsValue({
      methodName: name,
      taxNo: company.taxNo,
      idNo: l?.idNo ?? '',
      zzrxm: l?.zzrxm ?? '',
      zzridno: l?.zzridno ?? '',
      zzrmn: l?.zzrmn ?? '',
      password: l?.zzrmn ?? '',
      xzsf: l?.xzsf || '办税员',
      yzmType: l?.yzmType ?? 1,
    });
  }, [target, company.taxNo, region, form]);

  const submit = async () => {
    const v = await form.validateFields();
    setError('');
    try {
      await save.mutateAsync({
        id: editing?.id,
        comId: company.id,
        methodName: v.methodName,
        zzridno: v.zzridno ?? '',
        zzrmn: v.zzrmn ?? '',
        password: v.password ?? '',
        idNo: v.idNo ?? '',
        zzrxm: v.zzrxm ?? '',
        xzsf: (v.xzsf ?? '') as (typeof XZSF_OPTIONS)[number] | '',
        yzmType: v.yzmType,
      });
      void message.success('保存成功');
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Modal
      open={target !== null}
      title={editing ? '编辑登录信息' : '添加绑定登录信息'}
      width={640}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
      data-testid="tax-login-form"
    >
      <Form form={form} labelCol={{ flex: '230px' }} wrapperCol={{ flex: 1 }} labelWrap preserve={false}>
        <Form.Item label="所在地区">{region.regionName || '未知地区'}</Form.Item>
        <Form.Item label="登录方式" name="methodName" rules={[{ required: true, message: '请选择登录方式' }]}>
          <Select options={region.methods.map((m) => ({ value: m.name, label: m.name }))} onChange={(v: LoginMethodName) => setMethodName(v)} />
        </Form.Item>
        {method &&
          LOGIN_FIELDS.map((key) => {
            const rule = method.fields[key];
            if (!rule) return null;
            const required = rule.required && !(editing && (key === 'zzrmn' || key === 'password') && editing.hasPassword);
            const message = key === 'xzsf' ? `请选择${rule.label}` : `请输入${rule.label}`;
            return (
              <Form.Item key={`${method.name}-${key}`} label={rule.label} name={key} rules={required ? [{ required: true, whitespace: true, message }] : []}>
                {key === 'xzsf' ? (
                  <Select options={XZSF_OPTIONS.map((o) => ({ value: o, label: o }))} />
                ) : key === 'taxNo' ? (
                  <Input disabled />
                ) : key === 'zzrmn' || key === 'password' ? (
                  <Input.Password autoComplete="new-password" placeholder={editing ? '不修改请保持原密码' : ''} />
                ) : (
                  <Input data-testid={`tax-login-${key}`} />
                )}
              </Form.Item>
            );
          })}
        <Form.Item label="短信接收方式" name="yzmType">
          <Radio.Group
            options={[
              { value: 1, label: '手动' },
              { value: 2, label: '自动' },
            ]}
          />
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} />}
      </Form>
    </Modal>
  );
}
