/**
 * Generic import dialog (spec 001 §2, §5): template mode 1 / general mode 2, the template list of the source with
 * its download link and step instructions, one dropped or picked file (.xlsx/.xls/.csv, under 1 MB), the period
 * mode for invoices, confirm with loading. On success it closes with 导入成功 and the caller refreshes; a refused
 * file lists its row errors (the server imports nothing then).
 *
 *     <GenericImportDialog open source="inInvoice" onClose={...} onSuccess={refresh} />
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, List, Modal, Radio, Select, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { ImportErrorData, TemplateSource } from '@dzy/domain/contracts/imports.contract';
import { checkDroppedFiles, checkImportRequest, IMPORT_MESSAGES, IMPORT_SOURCES, type ImportMode, type ImportRowError } from '@dzy/domain/imports/index';
import { ApiError } from '../lib/http';
import { useShowApiError } from '../features/settle/settled-notice';
import { useCommonTemplate, useImportFile, useImportTemplates } from '../features/imports/api';

export interface GenericImportDialogProps {
  open: boolean;
  source: TemplateSource;
  onClose: () => void;
  onSuccess: () => void;
}

const GENERAL_HINT = '通用导入按表头识别列（如 发票号码、开票日期、销方名称、金额、税率、税额 或 资产名称、资产类别、入账日期、原值），表头上方的标题行会自动跳过。';

function rowErrorsOf(err: unknown): ImportRowError[] {
  if (!(err instanceof ApiError) || typeof err.data !== 'object' || err.data === null) return [];
  const errors = (err.data as Partial<ImportErrorData>).errors;
  return Array.isArray(errors) ? errors : [];
}

export function GenericImportDialog({ open, source, onClose, onSuccess }: GenericImportDialogProps) {
  const { message } = App.useApp();
  const showError = useShowApiError();
  const [mode, setMode] = useState<ImportMode>(1);
  const [templateType, setTemplateType] = useState<string | undefined>(undefined);
  const [periodType, setPeriodType] = useState<1 | 2>(1);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<ImportRowError[]>([]);
  const templates = useImportTemplates(source, open);
  const download = useCommonTemplate();
  const upload = useImportFile<unknown>(source);
  const isInvoice = source !== 'asset';
  const chosen = templates.data?.find((t) => t.type === templateType);

  useEffect(() => {
    if (!open) return;
    setErrors([]);
    setFile(null);
  }, [open]);
  // The first template is the usual choice (系统模板).
  useEffect(() => {
    if (open && templateType === undefined && templates.data?.[0]) setTemplateType(templates.data[0].type);
  }, [open, templateType, templates.data]);

  const close = () => {
    setFile(null);
    setErrors([]);
    onClose();
  };

  const pick = (f: File, all: File[]) => {
    const problem = checkDroppedFiles(source, all.map((x) => ({ name: x.name, size: x.size })));
    if (problem) void message.error(problem);
    else {
      setFile(f);
      setErrors([]);
    }
    return false;
  };

  const downloadTemplate = async () => {
    if (!templateType) {
      void message.error(IMPORT_MESSAGES.templateRequired);
      return;
    }
    try {
      const { path } = await download.mutateAsync(templateType);
      const a = document.createElement('a');
      a.href = path;
      a.download = '';
      document.body.appendChild(a);
      a.click();
      a.remove();
    } catch (err) {
      showError(err);
    }
  };

  const confirm = async () => {
    const problem = checkImportRequest({ source, mode, templateId: mode === 1 ? (templateType ?? null) : null, files: file ? [{ name: file.name, size: file.size }] : [] });
    if (problem || !file) {
      void message.error(problem ?? IMPORT_MESSAGES.fileRequired);
      return;
    }
    try {
      await upload.mutateAsync({ file, mode, templateType: mode === 1 ? templateType : undefined, periodType });
      void message.success(IMPORT_MESSAGES.success);
      setFile(null);
      setErrors([]);
      onSuccess();
    } catch (err) {
      const rows = rowErrorsOf(err);
      setErrors(rows);
      if (rows.length === 0) showError(err);
      else void message.error(rows[0]?.message ?? '导入失败');
    }
  };

  return (
    <Modal
      open={open}
      title={`导入${IMPORT_SOURCES[source].label}`}
      width={640}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={upload.isPending} onClick={() => void confirm()} data-testid="import-confirm">
          确定
        </Button>,
      ]}
    >
      <Form layout="horizontal" labelCol={{ flex: '90px' }} colon={false}>
        <Form.Item label="导入方式">
          <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as ImportMode)} options={[{ value: 1, label: '模板导入' }, { value: 2, label: '通用导入' }]} data-testid="import-mode" />
        </Form.Item>
        {mode === 1 && (
          <Form.Item label="选择模板" required>
            <Space.Compact style={{ width: '100%' }}>
              <Select
                style={{ width: '100%' }}
                placeholder="请选择模板"
                loading={templates.isLoading}
                value={templateType}
                onChange={setTemplateType}
                options={(templates.data ?? []).map((t) => ({ value: t.type, label: t.name }))}
                data-testid="import-template"
              />
              <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => void downloadTemplate()} data-testid="import-template-download">
                下载模板
              </Button>
            </Space.Compact>
          </Form.Item>
        )}
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={mode === 1 ? (chosen?.stepInstructions ?? '请选择模板') : GENERAL_HINT}
          description={mode === 1 ? chosen?.memory : undefined}
          data-testid="import-steps"
        />
        {isInvoice && (
          <Form.Item label="入账期间">
            <Radio.Group value={periodType} onChange={(e) => setPeriodType(e.target.value as 1 | 2)} options={[{ value: 1, label: '全部导入当前账期' }, { value: 2, label: '按开票日期导入对应账期' }]} />
          </Form.Item>
        )}
        <div data-testid="import-file">
        <Upload.Dragger
          accept=".xlsx,.xls,.csv"
          multiple={false}
          showUploadList={false}
          beforeUpload={(f, all) => pick(f, all)}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{file ? file.name : '点击或拖拽文件到此处'}</p>
          <p className="ant-upload-hint">只能上传一个 .xlsx、.xls、.csv 文件，小于1M</p>
        </Upload.Dragger>
        </div>
        {errors.length > 0 && (
          <Alert
            type="error"
            style={{ marginTop: 16 }}
            message="以下行有误，文件未导入，请修改后重新导入："
            description={
              <List
                size="small"
                dataSource={errors}
                renderItem={(e) => (
                  <List.Item style={{ padding: '2px 0' }}>
                    <Typography.Text>{e.message}</Typography.Text>
                  </List.Item>
                )}
                data-testid="import-errors"
              />
            }
          />
        )}
      </Form>
    </Modal>
  );
}
