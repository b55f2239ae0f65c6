/**
 * /fianceAccount/kjInit — 期初设置: opening balances of a client company's account set per subject and
 * auxiliary item, year-to-date debit/credit for a mid-year start, and 试算平衡 (debit = credit totals and
 * 资产 = 负债 + 所有者权益), which must pass before the first period can be closed. View-only once the start
 * period is closed.
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Alert, Button, Card, Empty, Modal, Select, Space, Tabs, Tag, Typography } from 'antd';
import { SUBJECT_CATEGORIES, type SubjectCategory } from '@dzy/domain/contracts/subjects.contract';
import type { OpeningCheckResult, OpeningRow } from '@dzy/domain/contracts/opening-balances.contract';
import { periodName } from '@dzy/domain/period/period';
import { useShowApiError } from '../../settle/settled-notice';
import { useCompanyFzhsItems, useOpeningCheck, useOpeningList, useOpeningSave } from '../api';
import { CompanyPicker, useCompanyDetail, usePickedCompanyId } from '../components/company-picker';
import { OpeningCheckDialog } from '../components/opening-check-dialog';
import { buildGrid, newItemRow, rowKey, saveItems, type GridRow, type OpeningField } from '../components/opening-rows';
import { OpeningTable } from '../components/opening-table';

type Edits = Map<string, Partial<Record<OpeningField, string>>>;

function AddItemDialog({
  comId,
  subject,
  taken,
  onPick,
  onClose,
}: {
  comId: number | undefined;
  subject: GridRow | null;
  taken: ReadonlySet<string>;
  onPick: (item: { id: number; code: string; name: string }) => void;
  onClose: () => void;
}) {
  const items = useCompanyFzhsItems(comId, subject?.fzhsId ?? null);
  const [picked, setPicked] = useState<number>();
  const choices = (items.data ?? []).filter((i) => subject && !taken.has(`${subject.subjectId}:${i.id}`));
  return (
    <Modal
      open={subject !== null}
      title={`添加辅助核算期初 - ${subject?.name3 ?? ''}`}
      width={480}
      onCancel={onClose}
      okButtonProps={{ disabled: picked === undefined }}
      onOk={() => {
        const item = choices.find((i) => i.id === picked);
        if (item) onPick(item);
        setPicked(undefined);
      }}
      destroyOnHidden
    >
      <Select<number>
        style={{ width: '100%' }}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="选择辅助核算项目"
        loading={items.isLoading}
        value={picked}
        onChange={setPicked}
        options={choices.map((i) => ({ value: i.id, label: `${i.code} ${i.name}` }))}
        data-testid="opening-item-select"
      />
    </Modal>
  );
}

export default function KjInitPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const showError = useShowApiError();
  const [comId, setComId] = usePickedCompanyId();
  const company = useCompanyDetail(comId);
  const opening = useOpeningList(comId);
  const save = useOpeningSave(comId);
  const check = useOpeningCheck(comId);
  const [category, setCategory] = useState<SubjectCategory>('资产');
  const [edits, setEdits] = useState<Edits>(new Map());
  const [added, setAdded] = useState<OpeningRow[]>([]);
  const [addingFor, setAddingFor] = useState<GridRow | null>(null);
  const [checkResult, setCheckResult] = useState<OpeningCheckResult | null>(null);

  const data = opening.data;
  const grid = useMemo(() => buildGrid(data?.list ?? [], added, edits), [data, added, edits]);
  const rows = useMemo(() => grid.filter((r) => r.category === category), [grid, category]);
  const taken = useMemo(() => new Set(grid.map((r) => r.key)), [grid]);
  const dirty = edits.size > 0 || added.length > 0;
  const editable = data?.editable ?? false;

  const changeCompany = (id: number | undefined) => {
    if (dirty && !window.confirm('期初数据尚未保存，确定切换客户吗？')) return;
    setEdits(new Map());
    setAdded([]);
    setComId(id);
  };

  const onEdit = (key: string, field: OpeningField, text: string) => {
    setEdits((prev) => {
      const next = new Map(prev);
      next.set(key, { ...next.get(key), [field]: text });
      return next;
    });
  };

  /** Saves typed rows; false (after a message) when a cell does not parse or the server refuses. */
  const doSave = async (): Promise<boolean> => {
    const bad = grid.find((r) => r.editable && r.error);
    if (bad) {
      void message.error(`${bad.displayCode} ${bad.name}：${bad.error}`);
      return false;
    }
    const items = saveItems(grid);
    if (items.length === 0) return true;
    try {
      const r = await save.mutateAsync(items);
      setEdits(new Map());
      setAdded([]);
      void message.success(`保存成功（${r.saved} 行）`);
      return true;
    } catch (err) {
      showError(err);
      return false;
    }
  };

  const runCheck = async () => {
    if (dirty && !(await doSave())) return;
    try {
      setCheckResult(await check.mutateAsync());
    } catch (err) {
      showError(err);
    }
  };

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="kj-init-page">
      <Card size="small">
        <Space wrap>
          <span>客户</span>
          <CompanyPicker
            value={comId}
            onChange={changeCompany}
            selected={company.data ? { id: company.data.id, name: company.data.name, type: company.data.type } : undefined}
          />
          {data && (
            <>
              <Typography.Text type="secondary">建账期间 {periodName(data.startPeriod)}</Typography.Text>
              {data.midYear && <Tag color="blue">年中建账</Tag>}
              {data.openingChecked ? <Tag color="success">试算已平衡</Tag> : <Tag color="warning">未试算平衡</Tag>}
            </>
          )}
        </Space>
      </Card>
      {!comId ? (
        <Card>
          <Empty description="请选择客户" />
        </Card>
      ) : opening.isError ? (
        <Card>
          <Empty description={opening.error.message}>
            <Button type="primary" onClick={() => navigate(`/fianceAccount/addCustomer?comId=${comId}`)}>
              去建账
            </Button>
          </Empty>
        </Card>
      ) : (
        <Card styles={{ body: { paddingTop: 4 } }}>
          {data && !editable && (
            <Alert type="info" showIcon style={{ margin: '8px 0' }} title="建账期间已结账，期初数据仅可查看（反结账后可修改）" />
          )}
          {data?.midYear && editable && (
            <Alert
              type="info"
              showIcon
              style={{ margin: '8px 0' }}
              title="年中建账：请录入建账期初余额及本年1月至建账前一月的累计发生额，年初余额自动计算"
            />
          )}
          <Tabs
            activeKey={category}
            onChange={(k) => setCategory(k as SubjectCategory)}
            items={SUBJECT_CATEGORIES.map((c) => ({ key: c, label: c }))}
            tabBarExtraContent={
              <Space>
                {dirty && <Typography.Text type="warning">有未保存的修改</Typography.Text>}
                <Button onClick={() => void runCheck()} loading={check.isPending} data-testid="opening-check">
                  试算平衡
                </Button>
                {editable && (
                  <Button type="primary" onClick={() => void doSave()} loading={save.isPending} disabled={!dirty} data-testid="opening-save">
                    保存
                  </Button>
                )}
              </Space>
            }
          />
          <OpeningTable
            rows={rows}
            midYear={data?.midYear ?? false}
            editable={editable}
            loading={opening.isLoading}
            onEdit={onEdit}
            onAddItem={setAddingFor}
          />
        </Card>
      )}
      <AddItemDialog
        comId={comId}
        subject={addingFor}
        taken={taken}
        onClose={() => setAddingFor(null)}
        onPick={(item) => {
          if (addingFor) {
            const row = newItemRow(addingFor, item);
            if (!taken.has(rowKey(row))) setAdded((a) => [...a, row]);
          }
          setAddingFor(null);
        }}
      />
      <OpeningCheckDialog result={checkResult} onClose={() => setCheckResult(null)} />
    </Space>
  );
}
