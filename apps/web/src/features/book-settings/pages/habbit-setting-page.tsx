/**
 * /setting/habbitSettingBook — 习惯设置: the company's default subjects (select), choices (radio) and texts (input).
 * Arriving from the missing-setting prompt (?key=<setting key> or ?from=<message or subject name>) highlights and scrolls to the item.
 */
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Card, Input, Radio, Space, Table, Tag, Typography } from 'antd';
import { parseMissingSettingMessage, settingDef, type SettingItem } from '@dzy/domain/contracts/book-settings.contract';
import { SubjectSelect } from '../../../components/subject-select';
import { useShowApiError } from '../../settle/settled-notice';
import { useSubjects } from '../../subjects/api';
import { useBookSettings, useSaveBookSettings, type SettingSaveItem } from '../api';

/** The item names the query points at: ?key=<setting key>, or ?from=<missing-setting message or name>. */
function targetsOf(key: string | null, from: string | null): string[] {
  const byKey = key ? settingDef(key)?.name : undefined;
  if (byKey) return [byKey];
  if (!from) return [];
  return parseMissingSettingMessage(from) ?? [from];
}

export default function HabbitSettingPage() {
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const targets = useMemo(() => targetsOf(params.get('key'), params.get('from')), [params]);
  const list = useBookSettings();
  const subjects = useSubjects();
  const save = useSaveBookSettings();
  const showError = useShowApiError();
  const [draft, setDraft] = useState<Record<string, SettingSaveItem>>({});

  useEffect(() => {
    const first = targets[0];
    if (!first || !list.data) return;
    const el = document.querySelector(`[data-setting-name="${CSS.escape(first)}"]`);
    el?.scrollIntoView({ block: 'center' });
  }, [targets, list.data]);

  const valueOf = (item: SettingItem): SettingSaveItem => draft[item.key] ?? { key: item.key, value: item.value, subjectId: item.subjectId };
  const change = (item: SettingItem, patch: Partial<SettingSaveItem>) => setDraft((d) => ({ ...d, [item.key]: { ...valueOf(item), ...patch } }));

  const doSave = async () => {
    const items = Object.values(draft);
    if (items.length === 0) {
      void message.info('没有修改的设置');
      return;
    }
    try {
      await save.mutateAsync(items);
      setDraft({});
      void message.success('设置成功');
    } catch (err) {
      showError(err);
    }
  };

  const columns = [
    {
      title: '设置项目',
      dataIndex: 'name',
      width: 200,
      render: (name: string) => (
        <span data-setting-name={name}>
          <Space>
            {name}
            {targets.includes(name) && <Tag color="red">待设置</Tag>}
          </Space>
        </span>
      ),
    },
    {
      title: '设置',
      key: 'value',
      width: 420,
      render: (_: unknown, item: SettingItem) => {
        const v = valueOf(item);
        if (item.valueType === 'select') {
          return (
            <SubjectSelect
              style={{ width: 380 }}
              subjects={subjects.data ?? []}
              leafOnly
              allowClear
              value={v.subjectId ?? undefined}
              onChange={(id) => change(item, { subjectId: id ?? null })}
              testId={`setting-${item.key}`}
            />
          );
        }
        if (item.valueType === 'radio') {
          return (
            <Radio.Group value={v.value} onChange={(e) => change(item, { value: String(e.target.value) })} options={item.option.map((o) => ({ value: o.value, label: o.label }))} />
          );
        }
        return <Input style={{ width: 380 }} maxLength={200} value={v.value} onChange={(e) => change(item, { value: e.target.value })} />;
      },
    },
    { title: '说明', dataIndex: 'remark', render: (r: string) => <Typography.Text type="secondary">{r}</Typography.Text> },
  ];

  return (
    <Card
      title="习惯设置"
      extra={
        <Button type="primary" loading={save.isPending} onClick={() => void doSave()} data-testid="setting-save">
          保存
        </Button>
      }
    >
      <Table<SettingItem>
        rowKey="key"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        columns={columns}
        pagination={false}
        rowClassName={(item) => (targets.includes(item.name) ? 'ant-table-row-selected' : '')}
      />
    </Card>
  );
}
