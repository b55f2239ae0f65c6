/**
 * Template files for api/v2/export/commonTemplate: a data sheet (title rows when the source export has them, the
 * header row with required columns marked red, one example row) and a 填写说明 sheet, built with exceljs.
 * Identifier columns are text-formatted so leading zeros survive.
 */
import ExcelJS from 'exceljs';
import type { ImportTemplate } from '@dzy/domain/imports/index';

const TEXT_FIELDS = new Set(['invoiceCode', 'invoiceNumber', 'digitalNumber', 'sellerTaxNo', 'buyerTaxNo']);

export async function templateWorkbook(t: ImportTemplate): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '代账云';
  const ws = wb.addWorksheet(t.name.slice(0, 31).replace(/[\\/?*[\]:]/g, ''));
  for (const title of t.titleRows ?? []) ws.addRow([title]).font = { bold: true, size: 14 };
  const header = ws.addRow(t.columns.map((c) => c.header));
  header.font = { bold: true };
  t.columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFF4FF' } };
    if (c.required) cell.font = { bold: true, color: { argb: 'FFCC0000' } };
    const col = ws.getColumn(i + 1);
    col.width = Math.max(12, c.header.length * 2 + 4);
    if (TEXT_FIELDS.has(c.field)) col.numFmt = '@';
  });
  ws.addRow(t.columns.map((c) => c.example ?? ''));
  const notes = wb.addWorksheet('填写说明');
  notes.columns = [
    { header: '列名', width: 22 },
    { header: '是否必填', width: 10 },
    { header: '说明', width: 60 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const c of t.columns) notes.addRow([c.header, c.required ? '必填' : '选填', c.note ?? '']);
  notes.addRow([]);
  notes.addRow(['导入步骤', '', t.stepInstructions]);
  notes.addRow(['提示', '', t.memory]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
