/** Add or edit a bank account: name, account number and the bound 银行存款 leaf subject. */
import { useEffect } from 'react';
import { App, Form, Input, Modal } from 'antd';
import type { BankAccountItem } from '@dzy/domain/contracts/bank.contract';
import { SubjectSelect } from '../../../components/subject-select';
import { useShowApiError } from '../../settle/settled-notice';
import { useSubjects } from '../../subjects/api';
import { useSaveBankAccount } from '../api';

interface Values {
  name: string;
  accountNo: string;
  subjectId: number;
}

export function BankAccountDialog({ account, onClose }: { account: BankAccountItem | 'new'; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const subjects = useSubjects();
  const save = useSaveBankAccount();
  const showError = useShowApiError();
  const bankSubjects = (subjects.data ?? []).filter((s) => s.name3.startsWith('银行存款'));

  useEffect(() => {
    if (account !== 'new') form.setFieldsValue({ name: account.name, accountNo: account.accountNo, subjectId: account.subjectId });
  }, [account, form]);

  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({ id: account === 'new' ? undefined : account.id, name: v.name, accountNo: v.accountNo ?? '', subjectId: v.subjectId });
      void message.success(account === 'new' ? '新增成功' : '修改成功');
      onClose();
    } catch (err) {
      showError(err);
    }
  };

  return (
    <Modal open title={account === 'new' ? '新增银行账户' : '修改银行账户'} width={520} onCancel={onClose} onOk={() => void submit()} confirmLoading={save.isPending}>
      <Form form={form} layout="vertical">
        <Form.Item name="name" label="银行名称" rules={[{ required: true, whitespace: true, message: '请输入银行名称' }]}>
          <Input maxLength={100} placeholder="如：工行基本户" data-testid="bank-account-name" />
        </Form.Item>
        <Form.Item name="accountNo" label="银行账号">
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="subjectId" label="银行存款科目" rules={[{ required: true, message: '请选择银行存款科目' }]}>
          <SubjectSelect subjects={bankSubjects} leafOnly testId="bank-account-subject" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
