/** Binds a leaf subject to an auxiliary category: every voucher line on it will need an item of the category. */
import { useState } from 'react';
import { App, Alert, Modal } from 'antd';
import type { FzhsCategoryItem } from '@dzy/domain/contracts/fzhs.contract';
import type { SubjectItem } from '@dzy/domain/contracts/subjects.contract';
import { SubjectSelect } from '../../../components/subject-select';
import { useBindSubject } from '../api';
import { useShowApiError } from '../../settle/settled-notice';

export function FzhsBindDialog({
  category,
  subjects,
  onClose,
}: {
  category: FzhsCategoryItem | null;
  subjects: readonly SubjectItem[];
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const showError = useShowApiError();
  const bind = useBindSubject();
  const [subjectId, setSubjectId] = useState<number | undefined>();
  const candidates = subjects.filter((s) => s.isLeaf && s.status === 1 && s.fzhsId === null);

  const submit = async () => {
    if (!category) return;
    if (!subjectId) {
      void message.error('请选择科目');
      return;
    }
    try {
      await bind.mutateAsync({ subjectId, categoryId: category.id });
      void message.success('设置成功');
      setSubjectId(undefined);
      onClose();
    } catch (err) {
      showError(err);
    }
  };

  return (
    <Modal
      open={category !== null}
      title={`绑定科目 - ${category?.name ?? ''}`}
      width={520}
      okText="绑定"
      confirmLoading={bind.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title="只有末级科目可以设置辅助核算；已有凭证或余额的科目不能设置。" />
      <SubjectSelect
        subjects={candidates}
        leafOnly
        useDisplayCode
        value={subjectId}
        onChange={(v) => setSubjectId(v ?? undefined)}
        style={{ width: '100%' }}
        testId="fzhs-bind-subject"
      />
    </Modal>
  );
}
