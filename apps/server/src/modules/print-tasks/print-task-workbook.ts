/**
 * Builds an export workbook sheet by sheet: a sheet whose data cannot be produced is left out and named in the
 * task's error log, so the other sheets still reach the user (status 4, partly successful).
 */
import ExcelJS from 'exceljs';
import { AppError } from '../../http/envelope';

export interface SheetColumn {
  header: string;
  key: string;
  width: number;
}

export type SheetRow = Record<string, string | number>;

export interface SheetSpec {
  name: string;
  columns: SheetColumn[];
  /** Produces the rows; an AppError's message is what the error log shows. */
  rows: () => Promise<SheetRow[]>;
}

export interface WorkbookOutcome {
  workbook: ExcelJS.Workbook;
  written: number;
  failures: string[];
}

const FAILED = '数据生成失败';

/** Excel sheet names: at most 31 characters, none of []:*?/\, unique in the workbook. */
function sheetName(wanted: string, taken: Set<string>): string {
  const base = wanted.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 28) || 'Sheet';
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base}(${i})`;
  taken.add(name.toLowerCase());
  return name;
}

export async function buildWorkbook(sheets: SheetSpec[], onError: (e: unknown) => void): Promise<WorkbookOutcome> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '代账云';
  const taken = new Set<string>();
  const failures: string[] = [];
  let written = 0;
  for (const spec of sheets) {
    let rows: SheetRow[];
    try {
      rows = await spec.rows();
    } catch (e) {
      if (!(e instanceof AppError)) onError(e);
      failures.push(`${spec.name}：${e instanceof AppError ? e.message : FAILED}`);
      continue;
    }
    const ws = workbook.addWorksheet(sheetName(spec.name, taken));
    ws.columns = spec.columns.map((c) => ({ header: c.header, key: c.key, width: c.width }));
    ws.getRow(1).font = { bold: true };
    ws.views = [{ state: 'frozen', ySplit: 1 }];
    ws.addRows(rows);
    written++;
  }
  return { workbook, written, failures };
}
