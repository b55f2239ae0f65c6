/**
 * Duplicate invoices: an invoice is the same invoice when its code and number match (数电 invoices have no code, and
 * their 20-digit number is unique on its own). The message is spec 001 §8's: period + 账期已存在发票号码为 + number.
 */

export interface InvoiceIdentity {
  invoiceCode?: string | null;
  invoiceNumber: string;
}

export interface StoredInvoiceIdentity extends InvoiceIdentity {
  /** Period the stored invoice belongs to, 'YYYYMM'. */
  period: string;
}

/** Spec 001 §8: '202603账期已存在发票号码为12345678'. */
export function duplicateInvoiceMessage(period: string, invoiceNumber: string): string {
  return `${period}账期已存在发票号码为${invoiceNumber}`;
}

/** Key of an invoice identity: code and number without blanks. */
export function invoiceKey(invoice: InvoiceIdentity): string {
  return `${(invoice.invoiceCode ?? '').replace(/\s/g, '')}#${invoice.invoiceNumber.replace(/\s/g, '')}`;
}

export interface DuplicateInvoice {
  /** Index in the incoming list. */
  index: number;
  invoiceNumber: string;
  period: string;
  msg: string;
}

/**
 * Incoming invoices (one save or one import file, all for `period`) against the stored ones of the company: each
 * incoming invoice already stored, or repeated earlier in the same batch, is reported with the period it exists in.
 * `excludeKey` leaves out the invoice being edited.
 */
export function findDuplicateInvoices(
  incoming: readonly InvoiceIdentity[],
  stored: readonly StoredInvoiceIdentity[],
  period: string,
  excludeKey?: string,
): DuplicateInvoice[] {
  const known = new Map<string, string>();
  for (const s of stored) {
    const key = invoiceKey(s);
    if (key !== excludeKey && !known.has(key)) known.set(key, s.period);
  }
  const out: DuplicateInvoice[] = [];
  incoming.forEach((invoice, index) => {
    const key = invoiceKey(invoice);
    const existsIn = known.get(key);
    const invoiceNumber = invoice.invoiceNumber.trim();
    if (existsIn !== undefined) out.push({ index, invoiceNumber, period: existsIn, msg: duplicateInvoiceMessage(existsIn, invoiceNumber) });
    else known.set(key, period);
  });
  return out;
}
