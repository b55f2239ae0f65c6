/** 设置优先 (spec 000 §4: priority 99 or 0): the company's keepStatus and login method follow its priority login. */
import { useEffect, useState } from 'react';
import { App, Modal, Radio } from 'antd';
import type { TaxLoginItem } from '@dzy/domain/contracts/tax-auth.contract';
import { PRIORITY_SEQ, NORMAL_SEQ } from '@dzy/domain/tax-auth/keep-status';
import { errorMessage } from '../../../lib/http';
import { useSetTaxLoginPriority } from '../api';

export function PriorityDialog({ rows, onClose }: { rows: TaxLoginItem[] | null; onClose: () => void }) {
  const { message } = App.useApp();
  const save = useSetTaxLoginPriority();
  const [seq, setSeq] = useState<number>(PRIORITY_SEQ);

  useEffect(() => {
    if (rows) setSeq(rows[0]?.seq === PRIORITY_SEQ ? NORMAL_SEQ : PRIORITY_SEQ);
  }, [rows]);

  const submit = async () => {
    if (!rows) return;
    try {
      await save.mutateAsync({ ids: rows.map((r) => r.loginComId), seq });
      void message.success('设置成功');
      onClose();
    } catch (err) {
      void message.error(errorMessage(err));
    }
  };

  return (
    <Modal open={rows !== null} title="设置优先" width={360} onCancel={onClose} onOk={() => void submit()} confirmLoading={save.isPending} destroyOnHidden>
      <Radio.Group
        value={seq}
        onChange={(e) => setSeq(Number(e.target.value))}
        options={[
          { value: PRIORITY_SEQ, label: '优先' },
          { value: NORMAL_SEQ, label: '不优先' },
        ]}
      />
    </Modal>
  );
}
