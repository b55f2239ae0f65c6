import type { UploadKind } from '@dzy/domain/contracts/uploads.contract';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPG = Buffer.from([0xff, 0xd8, 0xff]);
const PDF = Buffer.from('%PDF-', 'latin1');
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** OLE compound file (xls, doc). */
const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const startsWith = (b: Buffer, sig: Buffer) => b.length >= sig.length && b.subarray(0, sig.length).equals(sig);

function looksLikeXml(b: Buffer): boolean {
  const head = b.subarray(0, 4096);
  if (head.includes(0)) return false;
  const text = head.toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return text.startsWith('<?xml') || /^<[A-Za-z_]/.test(text);
}

/**
 * The kinds the content could be, read from the first bytes (magic numbers). A zip or OLE container can be
 * several Office kinds; the part names inside a zip tell xlsx from docx.
 */
export function sniffKinds(b: Buffer): UploadKind[] {
  if (startsWith(b, PNG)) return ['png'];
  if (startsWith(b, JPG)) return ['jpg'];
  if (startsWith(b, PDF)) return ['pdf'];
  if (startsWith(b, ZIP)) {
    const kinds: UploadKind[] = [];
    if (b.includes('xl/', 0, 'latin1')) kinds.push('xlsx');
    if (b.includes('word/', 0, 'latin1')) kinds.push('docx');
    return kinds;
  }
  if (startsWith(b, CFB)) return ['xls', 'doc'];
  if (looksLikeXml(b)) return ['xml'];
  return [];
}
