/**
 * Bank statement import dialog (spec 001: title 数据处理, 80% wide). Step 1 picks the data form (1 收入支出两列,
 * 2 方向+金额, 3 正负号+金额), the period mode and the file; step 2 previews the sheet, where every column is
 * assigned a field (the saved profile or the detected header fills it in), and rows or columns can be removed. The
 * hint shows the expected column order; balance is optional. Text-based PDF statements (several at once, 10 MB
 * each) are read by the server into the same preview table. Confirm parses with the shared domain rules (same
 * messages as the server) and saves through saveBankDate; the server skips lines already imported.
 *
 *     <BankImportDialog open bankNameId={3} onClose={...} onSuccess={refresh} />
 */
import { useEffect, useMemo, useState, type DragEvent } from 'react';
import { Alert, App, Button, Modal, Radio, Select, Space, Table, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import {
  FORM_COLUMN_ORDER,
  STATEMENT_FIELD_LABELS,
  parseBankStatement,
  validateMapping,
  type ColumnMapping,
  type StatementColumns,
  type StatementField,
  type StatementForm,
} from '@dzy/domain/bank/index';
import type { BankImportPreview, BankImportResult } from '@dzy/domain/contracts/bank.contract';
import { checkDroppedFiles } from '@dzy/domain/imports/index';
import { errorMessage } from '../lib/http';
import { useWindowState } from '../features/session/window-state';
import { previewBankFile, useSaveBankDate } from '../features/bank/api';
import { useBookSettings } from '../features/book-settings/api';

const FORM_LABELS: Record<StatementForm, string> = { 1: '收入、支出两列', 2: '收支方向 + 金额', 3: '正负号 + 金额' };

export interface BankImportDialogProps {
  open: boolean;
  bankNameId: number;
  onClose: () => void;
  onSuccess: (r: BankImportResult) => void;
}

/** Column index → field, from a mapping. */
function assignmentOf(mapping: ColumnMapping | null): Record<number, StatementField> {
  const out: Record<number, StatementField> = {};
  if (!mapping) return out;
  for (const [field, col] of Object.entries(mapping.columns) as [StatementField, number | undefined][]) if (col !== undefined) out[col] = field;
  return out;
}

export function BankImportDialog({ open, bankNameId, onClose, onSuccess }: BankImportDialogProps) {
  const { message } = App.useApp();
  const { period } = useWindowState();
  const [form, setForm] = useState<StatementForm>(1);
  const [periodType, setPeriodType] = useState<1 | 2>(1);
  const [loading, setLoading] = useState(false);
  const [preview, setPreview] = useState<BankImportPreview | null>(null);
  const [assign, setAssign] = useState<Record<number, StatementField>>({});
  const [removedRows, setRemovedRows] = useState<Set<number>>(new Set());
  const [removedCols, setRemovedCols] = useState<Set<number>>(new Set());
  /** Display order of the file's columns (dragging a header moves its column). */
  const [order, setOrder] = useState<number[] | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const save = useSaveBankDate();
  const settings = useBookSettings();
  // The company's 银行流水入账期间 setting is the starting choice each time the dialog opens.
  const settingPeriodType = settings.data?.find((i) => i.key === 'bankPeriodType')?.value;
  useEffect(() => {
    if (open) setPeriodType(settingPeriodType === '2' ? 2 : 1);
  }, [open, settingPeriodType]);

  const reset = () => {
    setPreview(null);
    setAssign({});
    setRemovedRows(new Set());
    setRemovedCols(new Set());
    setOrder(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const pick = async (files: readonly File[]) => {
    // PDFs and several files at once are bank statement files (10 MB each); the server rebuilds a PDF's table.
    const source = files.length > 1 || files.some((f) => f.name.toLowerCase().endsWith('.pdf')) ? 'bankPdf' : 'bank';
    const problem = checkDroppedFiles(source, files.map((f) => ({ name: f.name, size: f.size })));
    if (problem) {
      void message.error(problem);
      return;
    }
    setLoading(true);
    try {
      const p = await previewBankFile(files, { bankNameId, form, source });
      reset();
      setPreview(p);
      setAssign(p.mapping && p.mapping.form === form ? assignmentOf(p.mapping) : assignmentOf({ form, columns: Object.fromEntries(FORM_COLUMN_ORDER[form].map((f, i) => [f, i])) }));
    } catch (err) {
      void message.error(errorMessage(err));
    } finally {
      setLoading(false);
    }
  };

  const width = useMemo(() => (preview ? Math.max(0, ...preview.rows.map((r) => r.length)) : 0), [preview]);
  const keptCols = useMemo(() => (order ?? Array.from({ length: width }, (_, i) => i)).filter((i) => !removedCols.has(i)), [order, width, removedCols]);

  /** Moves column `from` to where column `to` stands. */
  const moveColumn = (from: number, to: number) => {
    if (from === to) return;
    const current = order ?? Array.from({ length: width }, (_, i) => i);
    const next = current.filter((c) => c !== from);
    next.splice(next.indexOf(to) + (current.indexOf(from) < current.indexOf(to) ? 1 : 0), 0, from);
    setOrder(next);
  };

  /** Assigns the form's fields to the shown columns in the hint's order (after dragging them into place). */
  const assignByOrder = () => {
    const next: Record<number, StatementField> = {};
    FORM_COLUMN_ORDER[form].forEach((field, pos) => {
      const c = keptCols[pos];
      if (c !== undefined) next[c] = field;
    });
    setAssign(next);
  };

  const confirm = async () => {
    if (!preview) {
      void message.error('请上传文件');
      return;
    }
    const rows = preview.rows.filter((_, i) => !removedRows.has(i)).map((r) => keptCols.map((c) => r[c] ?? ''));
    const columns: StatementColumns = {};
    keptCols.forEach((c, pos) => {
      const field = assign[c];
      if (field && FORM_COLUMN_ORDER[form].includes(field)) columns[field] = pos;
    });
    const mapping: ColumnMapping = { form, columns };
    const problem = validateMapping(mapping, keptCols.length);
    if (problem) {
      void message.error(problem);
      return;
    }
    const parsed = parseBankStatement(rows, { mapping, firstRowNumber: 1 });
    if (!parsed.ok) {
      void message.error(parsed.msg);
      return;
    }
    try {
      const r = await save.mutateAsync({ period, bankNameId, periodType, mapping, list: parsed.lines });
      const typed = r.typed > 0 ? `，自动识别业务类型${r.typed}条` : '';
      void message.success(r.skipped > 0 ? `导入成功（新增${r.added}条，${r.skipped}条此前已导入${typed}）` : `导入成功${typed ? `（新增${r.added}条${typed}）` : ''}`);
      reset();
      onSuccess(r);
    } catch (err) {
      void message.error(errorMessage(err));
    }
  };

  const fieldOptions = [{ value: '', label: '（不导入）' }, ...FORM_COLUMN_ORDER[form].map((f) => ({ value: f, label: STATEMENT_FIELD_LABELS[f] }))];
  const columns = [
    ...keptCols.map((c) => ({
      key: String(c),
      width: 150,
      onHeaderCell: () => ({
        draggable: true,
        title: '拖动可调整列顺序',
        style: { cursor: 'move', background: dragging === c ? '#e6f4ff' : undefined },
        onDragStart: () => setDragging(c),
        onDragEnd: () => setDragging(null),
        onDragOver: (e: DragEvent) => e.preventDefault(),
        onDrop: () => {
          if (dragging !== null) moveColumn(dragging, c);
          setDragging(null);
        },
      }),
      title: (
        <Space size={2}>
          <Select
            size="small"
            style={{ width: 110 }}
            value={assign[c] ?? ''}
            options={fieldOptions}
            onChange={(v: string) =>
              setAssign((a) => {
                const next: Record<number, StatementField> = {};
                // A field sits in one column only: picking it here frees its old column.
                for (const [k, f] of Object.entries(a)) if (f !== v && Number(k) !== c) next[Number(k)] = f;
                if (v !== '') next[c] = v as StatementField;
                return next;
              })
            }
            data-testid={`bank-col-${c}`}
          />
          <Button size="small" type="text" icon={<DeleteOutlined />} title="删除此列" onClick={() => setRemovedCols((s) => new Set(s).add(c))} />
        </Space>
      ),
      render: (_: unknown, row: { i: number; cells: string[] }) => row.cells[c] ?? '',
    })),
    {
      key: 'op',
      width: 60,
      fixed: 'right' as const,
      title: '操作',
      render: (_: unknown, row: { i: number }) => (
        <Button size="small" type="link" onClick={() => setRemovedRows((s) => new Set(s).add(row.i))}>
          删除
        </Button>
      ),
    },
  ];
  const data = (preview?.rows ?? []).map((cells, i) => ({ i, cells })).filter((r) => !removedRows.has(r.i));

  return (
    <Modal
      open={open}
      title="数据处理"
      width="80%"
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={save.isPending} onClick={() => void confirm()} data-testid="bank-import-confirm">
          确定
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <span>数据形式：</span>
          <Radio.Group
            value={form}
            onChange={(e) => {
              setForm(e.target.value as StatementForm);
              reset();
            }}
            options={([1, 2, 3] as const).map((f) => ({ value: f, label: FORM_LABELS[f] }))}
          />
          <span style={{ marginInlineStart: 16 }}>入账期间：</span>
          <Radio.Group value={periodType} onChange={(e) => setPeriodType(e.target.value as 1 | 2)} options={[{ value: 1, label: '全部归入当前账期' }, { value: 2, label: '按交易日期' }]} />
          <Upload
            accept=".xlsx,.xls,.csv,.pdf"
            multiple
            showUploadList={false}
            beforeUpload={(f, list) => {
              // Called once per file of a multi-selection: read the selection once, on its first file.
              if (f === list[0]) void pick(list);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={loading} data-testid="bank-import-file">
              选择文件
            </Button>
          </Upload>
        </Space>
        <Alert
          type="info"
          showIcon
          message={`列顺序：${FORM_COLUMN_ORDER[form].map((f) => STATEMENT_FIELD_LABELS[f]).join('、')}`}
          description="支持 .xlsx、.xls、.csv 和网银导出的文字版 PDF（可多选，每个小于10M）。余额列不是必须的。在表头为每列选择对应字段；标题行、合计行会自动跳过，也可以删除多余的行或列。"
        />
        {preview && (
          <>
            <Typography.Text type="secondary">
              共 {data.length} 行{preview.mappingFrom === 'profile' ? '，已按该账户上次的列设置对应' : preview.mappingFrom === 'detected' ? '，已按表头识别列' : ''}。拖动表头可调整列顺序，
              <Button size="small" type="link" onClick={assignByOrder} data-testid="bank-assign-by-order">
                按提示的列顺序对应
              </Button>
            </Typography.Text>
            <Table rowKey="i" size="small" bordered columns={columns} dataSource={data} pagination={false} scroll={{ x: 'max-content', y: 530 }} />
          </>
        )}
      </Space>
    </Modal>
  );
}
