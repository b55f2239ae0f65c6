/**
 * Text-based PDF statements (e-banking exports): the positioned text of every page by pdf.js (legacy build, runs on
 * Node 20 without a DOM), then the domain's table rebuild, so PDFs go through the same mapping and parser as
 * spreadsheets. A PDF without a text layer (a scan) or without a statement header answers the spec's
 * template-mismatch message; recognising scans would need an OCR service (not part of this slice).
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { rebuildStatementTable, type PositionedText, type SheetRow } from '@dzy/domain/bank/index';
import { IMPORT_MESSAGES } from '@dzy/domain/imports/index';
import { badRequest } from '../../http/envelope';

/** Bank statements run to a few hundred pages at most; the cap bounds the work a hostile file can ask for. */
const MAX_PAGES = 2000;

/** Positioned text per page (PDF user space), or null when the file is not a readable PDF. */
export async function readPdfPages(data: Buffer): Promise<PositionedText[][] | null> {
  // pdf.js transfers (detaches) the buffer it is given: hand it a copy.
  const task = getDocument({ data: new Uint8Array(data), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0, stopAtErrors: true });
  try {
    const doc = await task.promise;
    if (doc.numPages > MAX_PAGES) return null;
    const pages: PositionedText[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const items: PositionedText[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [a = 1, b = 0, , d = 1, e = 0, f = 0] = item.transform as number[];
        // Rotated text (stamps, watermarks) is no table cell.
        if (Math.abs(b) > 1e-3) continue;
        items.push({ str: item.str, x: e, y: f, width: item.width, height: item.height > 0 ? item.height : Math.abs(d || a) });
      }
      pages.push(items);
      page.cleanup();
    }
    return pages;
  } catch {
    return null;
  } finally {
    await task.destroy();
  }
}

/** The statement table of a PDF, or 400 with the template-mismatch message. */
export async function readPdfStatementRows(data: Buffer): Promise<SheetRow[]> {
  const pages = await readPdfPages(data);
  const rows = pages ? rebuildStatementTable(pages) : null;
  if (!rows) throw badRequest(IMPORT_MESSAGES.templateMismatch);
  return rows;
}
