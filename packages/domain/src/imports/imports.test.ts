import { describe, expect, it } from 'vitest';
import {
  checkDroppedFiles,
  checkImportFile,
  checkImportRequest,
  EXCEL_MAX_BYTES,
  fileExtension,
  IMPORT_SOURCES,
  MB,
  templateDownload,
  type ImportRequest,
} from './import-rules';
import { rowMessage, validateRows } from './row-errors';

const xlsx = { name: '进项发票.xlsx', size: 20_000 };

describe('import dialog confirm checks (spec 001 §5)', () => {
  const base: ImportRequest = { source: 'inInvoice', mode: 1, templateId: 3, files: [xlsx] };

  it('template mode needs a template: 请选择模板', () => {
    expect(checkImportRequest({ ...base, templateId: null })).toBe('请选择模板');
    expect(checkImportRequest({ ...base, templateId: '' })).toBe('请选择模板');
    expect(checkImportRequest(base)).toBeNull();
  });

  it('general mode needs no template', () => {
    expect(checkImportRequest({ ...base, mode: 2, templateId: null })).toBeNull();
  });

  it('a file must be given: 请上传文件', () => {
    expect(checkImportRequest({ ...base, files: [] })).toBe('请上传文件');
    expect(checkImportRequest({ ...base, mode: 2, files: [] })).toBe('请上传文件');
  });

  it('history subjects need a period, history vouchers a period range', () => {
    expect(checkImportRequest({ ...base, source: 'oldSubject' })).toBe('请选择账期');
    expect(checkImportRequest({ ...base, source: 'oldSubject', period: '202601' })).toBeNull();
    expect(checkImportRequest({ ...base, source: 'oldVoucher', periodRange: ['202601', ''] })).toBe('请选择账期区间');
    expect(checkImportRequest({ ...base, source: 'oldVoucher', periodRange: ['202601', '202603'] })).toBeNull();
  });

  it('refuses an unknown mode', () => {
    expect(checkImportRequest({ ...base, mode: 3 })).toBe('请选择导入方式');
  });
});

describe('files: type and size', () => {
  it('one dropped file of .xlsx, .xls or .csv', () => {
    expect(checkDroppedFiles('bank', [{ name: '流水.CSV', size: 10 }])).toBeNull();
    expect(checkDroppedFiles('bank', [{ name: '流水.xls', size: 10 }])).toBeNull();
    expect(checkDroppedFiles('bank', [xlsx, xlsx])).toBe('只能上传一个文件');
    expect(checkDroppedFiles('bank', [{ name: '流水.pdf', size: 10 }])).toBe('只能上传.xlsx、.xls、.csv格式的文件');
    expect(checkDroppedFiles('bank', [{ name: 'xlsx', size: 10 }])).toBe('只能上传.xlsx、.xls、.csv格式的文件');
  });

  it('Excel files must be under 1 MB', () => {
    expect(checkImportFile('asset', { name: 'a.xlsx', size: EXCEL_MAX_BYTES - 1 })).toBeNull();
    expect(checkImportFile('asset', { name: 'a.xlsx', size: EXCEL_MAX_BYTES })).toBe('请不要上传大于1M的文件。');
  });

  it('bank PDF / statement files: several at once, each under 10 MB', () => {
    const pdf = { name: '回单.pdf', size: 9 * MB };
    expect(checkDroppedFiles('bankPdf', [pdf, pdf])).toBeNull();
    expect(checkDroppedFiles('bankPdf', [pdf, { ...pdf, size: 10 * MB }])).toBe('请不要上传大于10M的文件。');
    expect(IMPORT_SOURCES.bankPdf.multiple).toBe(true);
  });

  it('fileExtension', () => {
    expect(fileExtension('a.b.XLSX')).toBe('.xlsx');
    expect(fileExtension('.xlsx')).toBe('');
    expect(fileExtension('noext')).toBe('');
  });

  it('template download link or 请联系客服处理！', () => {
    expect(templateDownload('/templates/bank.xlsx')).toEqual({ ok: true, url: '/templates/bank.xlsx' });
    expect(templateDownload('')).toEqual({ ok: false, msg: '请联系客服处理！' });
    expect(templateDownload(null)).toEqual({ ok: false, msg: '请联系客服处理！' });
  });
});

describe('per-row messages', () => {
  it('prefixes the row once', () => {
    expect(rowMessage(5, '金额格式不正确')).toBe('第5行金额格式不正确');
    expect(rowMessage(5, '第7行金额有误，请重新导入')).toBe('第7行金额有误，请重新导入');
  });

  it('stops at the first bad row, counting the header row and skipping blank rows', () => {
    const rows = [['办公桌', '2'], [null, ''], ['椅子', 'x'], ['柜子', 'y']];
    const check = (row: (string | null)[]) =>
      row[1] !== null && /^\d+$/.test(row[1] ?? '') ? { ok: true as const, value: { name: row[0], count: Number(row[1]) } } : { ok: false as const, msg: '数量格式不正确' };
    expect(validateRows(rows, check)).toEqual({ ok: false, row: 4, msg: '第4行数量格式不正确' });
    expect(validateRows(rows.slice(0, 2), check)).toEqual({ ok: true, values: [{ name: '办公桌', count: 2 }] });
    expect(validateRows(rows, check, { firstRowNumber: 1 })).toMatchObject({ row: 3 });
  });
});
