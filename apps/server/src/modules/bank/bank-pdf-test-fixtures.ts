/**
 * Test-only: real PDF bank statements made by pdfmake (pdfkit underneath, text drawn as a PDF text layer like an
 * e-banking export) with the system Noto Sans CJK font (.ci/run installs fonts-noto-cjk).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Content, TableCell } from 'pdfmake/interfaces';

const pdfmake = createRequire(import.meta.url)('pdfmake') as typeof import('pdfmake');

export const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

let fontsSet = false;
function useNoto(): void {
  if (fontsSet) return;
  if (!existsSync(CJK_FONT)) throw new Error(`PDF statement tests need ${CJK_FONT} (apt-get install fonts-noto-cjk)`);
  // pdfkit takes [file, PostScript name] for a font collection (.ttc); the types only know single files.
  const face = [CJK_FONT, 'NotoSansCJKsc-Regular'] as unknown as string;
  pdfmake.setFonts({ Noto: { normal: face, bold: face, italics: face, bolditalics: face } });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => path === CJK_FONT);
  fontsSet = true;
}

async function render(content: Content[], footer: boolean): Promise<Buffer> {
  useNoto();
  const doc = pdfmake.createPdf({
    pageSize: 'A4',
    pageMargins: [30, 40, 30, 50],
    defaultStyle: { font: 'Noto', fontSize: 8 },
    content,
    footer: footer ? (page: number, pages: number) => ({ text: `第${page}页 共${pages}页`, alignment: 'center', fontSize: 8 }) : undefined,
  });
  return Buffer.from(await doc.getBuffer());
}

export type StatementPdfRow = (string | number)[];

const money = (fen: number) => (fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 工行-style layout: separate 收入/支出 columns, thousands separators, a title block above the table. */
export async function icbcStylePdf(lines: { date: string; summary: string; income: number; expense: number; other: string; balance: number }[]): Promise<Buffer> {
  const header: TableCell[] = ['交易日期', '摘要', '收入金额', '支出金额', '余额', '对方户名'];
  const body: TableCell[][] = [
    header,
    ...lines.map((l) => [
      l.date,
      l.summary,
      { text: l.income ? money(l.income) : '', alignment: 'right' as const },
      { text: l.expense ? money(l.expense) : '', alignment: 'right' as const },
      { text: money(l.balance), alignment: 'right' as const },
      l.other,
    ]),
  ];
  return render(
    [
      { text: '中国工商银行 账户交易明细', fontSize: 14, margin: [0, 0, 0, 6] },
      { text: '账号：6222 0200 1234 5678    户名：测试客户有限公司    币种：人民币', margin: [0, 0, 0, 8] },
      { table: { headerRows: 1, widths: [60, 70, 70, 70, 80, '*'], body } },
    ],
    false,
  );
}

/** 建行-style layout: 借贷方向 + 交易金额, long counterparties that wrap, a header on every page and page numbers. */
export async function ccbStylePdf(lines: { date: string; direction: '借' | '贷'; amount: number; balance: number; other: string; summary: string }[]): Promise<Buffer> {
  const body: TableCell[][] = [
    ['记账日期', '借贷方向', '交易金额', '账户余额', '对方户名', '摘要'],
    ...lines.map((l) => [
      l.date,
      l.direction,
      { text: money(l.amount), alignment: 'right' as const },
      { text: money(l.balance), alignment: 'right' as const },
      l.other,
      l.summary,
    ]),
  ];
  return render([{ text: '中国建设银行 对公账户明细', fontSize: 14, margin: [0, 0, 0, 8] }, { table: { headerRows: 1, widths: [60, 40, 70, 70, 120, '*'], body } }], true);
}

/** A PDF with text but no statement table (a letter from the bank). */
export async function letterPdf(): Promise<Buffer> {
  return render([{ text: '尊敬的客户：' }, { text: '您2026年1月的对账单已寄出，请注意查收。如有疑问请致电95588。' }], false);
}
