/**
 * Text-based PDF bank statements (what e-banking exports) → the same rows a spreadsheet reader yields, so the PDF
 * path shares header detection, column mappings and the parser with .xlsx/.csv. Input is the positioned text of
 * each page (PDF user space: x grows right, y grows UP, y is the baseline). Rows are rebuilt by y, words by the
 * gaps between glyphs, and columns by x against the statement's header row. Null when no header row is found (a
 * scanned/image PDF or an unknown layout): the caller answers the template-mismatch message.
 */
import type { SheetCell, SheetRow } from './bank-statement-types';
import { headerField, isHeaderRow } from './column-mapping';
import { parseStatementDate } from './statement-cells';
import { columnExtents, columnOfSpan, type ColumnExtent } from './pdf-table-columns';

export interface PositionedText {
  str: string;
  x: number;
  /** Baseline, PDF user space (grows upward). */
  y: number;
  width: number;
  /** Font size (glyph height). */
  height: number;
}

interface Word {
  text: string;
  x0: number;
  x1: number;
}

interface Line {
  y: number;
  height: number;
  words: Word[];
}

/** Items on one baseline within this share of the font size belong to the same line. */
const SAME_LINE = 0.4;
/** A gap wider than this share of the font size separates two words (cells); narrower gaps join glyphs. */
const WORD_GAP = 0.5;
/** A gap narrower than this share of the font size joins glyphs without a space (CJK text, split digits). */
const NO_SPACE_GAP = 0.15;
/** A wrapped cell's next line sits within this many font sizes below the line it continues. */
const CONTINUATION_GAP = 1.8;

/** Groups a page's items into lines (top to bottom) and each line's glyphs into words (left to right). */
export function pageLines(items: readonly PositionedText[]): Line[] {
  const visible = items.filter((i) => i.str.trim() !== '' && Number.isFinite(i.x) && Number.isFinite(i.y));
  const sorted = [...visible].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: { y: number; height: number; items: PositionedText[] }[] = [];
  for (const item of sorted) {
    const h = item.height > 0 ? item.height : 10;
    const last = lines[lines.length - 1];
    if (last && Math.abs(last.y - item.y) <= SAME_LINE * Math.max(h, last.height)) {
      last.items.push(item);
      last.height = Math.max(last.height, h);
    } else lines.push({ y: item.y, height: h, items: [item] });
  }
  return lines.map((l) => ({ y: l.y, height: l.height, words: wordsOf(l.items, l.height) }));
}

function wordsOf(items: readonly PositionedText[], height: number): Word[] {
  const words: Word[] = [];
  for (const item of [...items].sort((a, b) => a.x - b.x)) {
    const text = item.str.trim();
    const x1 = item.x + Math.max(item.width, 0);
    const last = words[words.length - 1];
    const gap = last ? item.x - last.x1 : Infinity;
    if (last && gap <= WORD_GAP * height) {
      last.text += gap < NO_SPACE_GAP * height ? text : ` ${text}`;
      last.x1 = Math.max(last.x1, x1);
    } else words.push({ text, x0: item.x, x1 });
  }
  return words;
}

const THOUSANDS = /^([+-]?)(\d{1,3}(?:,\d{3})+)(\.\d+)?$/;
const NUMERIC = /^[+-]?[¥￥]?[\d,]+(\.\d+)?$/;

/**
 * PDF text is what the bank printed, so '1,234.56' is a thousands separator, never a decimal comma (the reason
 * form 1 refuses commas in spreadsheet cells); the separators are dropped here.
 */
export function normalizePdfCell(text: string): string {
  const m = THOUSANDS.exec(text.trim());
  return m ? `${m[1] ?? ''}${(m[2] ?? '').replace(/,/g, '')}${m[3] ?? ''}` : text.trim();
}

function cellsOf(line: Line, columns: readonly ColumnExtent[]): (string | null)[] {
  const cells: (string | null)[] = columns.map(() => null);
  for (const word of line.words) {
    const col = columnOfSpan(word, columns);
    const before = cells[col];
    cells[col] = before === null || before === undefined ? word.text : `${before} ${word.text}`;
  }
  return cells.map((c) => (c === null ? null : normalizePdfCell(c)));
}

const hasNumber = (cells: readonly (string | null)[]) => cells.some((c) => c !== null && NUMERIC.test(c));

interface Built {
  cells: (string | null)[];
  line: Line;
  dated: boolean;
}

/** Words that shape the columns: lines of two or more words (a centred page number or a title would bridge gaps). */
function bandWords(lines: readonly Line[]): Word[] {
  return lines.filter((l) => l.words.length >= 2).flatMap((l) => l.words);
}

/**
 * Rebuilds the statement table of all pages, in page order. Columns come from the header row and the text below
 * it (pdf-table-columns); a page without its own header uses the last one. Later pages keep their header row (the
 * parser skips repeated headers); title lines above a later page's header, text lines before a page's first
 * transaction when the page has no header, and footer lines below a page's last transaction (page numbers, print
 * dates) are dropped; a line holding only text right under a transaction line is that line's wrapped cell text and
 * is joined to it.
 */
export function rebuildStatementTable(pages: readonly (readonly PositionedText[])[]): SheetRow[] | null {
  const rows: SheetCell[][] = [];
  let header: Word[] | null = null;
  let dateCol = -1;
  for (const items of pages) {
    const lines = pageLines(items);
    const headerAt = lines.findIndex((l) => isHeaderRow(l.words.map((w) => w.text)));
    const firstHeader = header === null;
    const headerLine = lines[headerAt];
    if (headerLine) {
      header = headerLine.words;
      dateCol = header.findIndex((w) => headerField(w.text) === 'date');
    }
    if (header === null) {
      // Nothing to anchor columns on yet: titles keep one cell each.
      for (const l of lines) rows.push([l.words.map((w) => w.text).join(' ')]);
      continue;
    }
    if (firstHeader) for (const l of lines.slice(0, headerAt)) rows.push([l.words.map((w) => w.text).join(' ')]);
    const body = lines.slice(Math.max(headerAt, 0));
    const columns = columnExtents(header, bandWords(body.slice(headerAt >= 0 ? 1 : 0)));
    const built: Built[] = [];
    for (const line of body) {
      const cells = cellsOf(line, columns);
      const dated = dateCol >= 0 && parseStatementDate(cells[dateCol] ?? null) !== null;
      const prev = built[built.length - 1];
      if (line !== headerLine && !dated && !hasNumber(cells)) {
        if (prev?.dated && prev.line.y - line.y <= CONTINUATION_GAP * prev.line.height) {
          cells.forEach((c, i) => {
            if (c !== null) prev.cells[i] = `${prev.cells[i] ?? ''}${c}`;
          });
          prev.line = line;
          continue;
        }
        // Text before the first transaction of a page without a header ('（续）' titles).
        if (headerAt < 0 && !built.some((b) => b.dated)) continue;
      }
      built.push({ cells, line, dated });
    }
    let last = built.length;
    while (last > 0) {
      const b = built[last - 1];
      if (!b || b.dated || hasNumber(b.cells) || b.line === headerLine) break;
      last--;
    }
    for (const b of built.slice(0, last)) rows.push(b.cells);
  }
  return header === null ? null : rows;
}
