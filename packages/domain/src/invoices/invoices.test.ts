import { describe, expect, it } from 'vitest';
import { checkInvoiceNumber, INVOICE_TYPES, invoiceType, invoiceTypeByFplx, invoiceTypeName, SELECTABLE_INVOICE_TYPES } from './invoice-types';
import { formatRate, isVatRateValidOn, rateToBp, VAT_RATES_2026_BP, vatRatesOn, DEFAULT_GOODS_RATES_BP } from './vat-rates';
import { checkInvoiceLine, checkInvoiceLines, invoiceTotals, lineAmountFromPrice, splitTaxIncluded, taxOf } from './invoice-math';
import { duplicateInvoiceMessage, findDuplicateInvoices } from './invoice-duplicates';
import {
  normalizeTicketSave,
  TICKET_ITEMS,
  ticketItemsFromText,
  ticketItemsOnStatusChange,
  ticketItemsToText,
  ticketStatusForItems,
} from './ticket-status';

describe('invoice types (shared/domain/invoice-types.md)', () => {
  it('names the spec 001 §4 three-digit types', () => {
    expect(['004', '007', '025', '026', '005', '006', '028'].map(invoiceTypeName)).toEqual([
      '增值税专用发票', '增值税普通发票', '增值税普通发票（卷票）', '增值税电子普通发票', '机动车销售统一发票', '二手车销售统一发票', '增值税电子专用发票',
    ]);
    expect(invoiceTypeName('999')).toBe('未知类型');
  });

  it('has the 数电 types keyed by their two-digit code, and maps collection codes back', () => {
    expect(invoiceType('81')).toMatchObject({ name: '电子发票（增值税专用发票）', digital: true, deductible: true });
    expect(invoiceType('82')).toMatchObject({ digital: true, deductible: false });
    expect(invoiceTypeByFplx('01')?.code).toBe('004');
    expect(invoiceTypeByFplx('08')?.code).toBe('028');
    expect(invoiceTypeByFplx('10')?.code).toBe('026');
    expect(new Set(INVOICE_TYPES.map((t) => t.code)).size).toBe(INVOICE_TYPES.length);
    expect(new Set(INVOICE_TYPES.map((t) => t.fplx)).size).toBe(INVOICE_TYPES.length);
    expect(SELECTABLE_INVOICE_TYPES.some((t) => t.code === '02')).toBe(false);
  });

  it('checks code and number formats', () => {
    expect(checkInvoiceNumber('004', '1100261130', '01234567')).toBeNull();
    expect(checkInvoiceNumber('026', '011002600111', '01234567')).toBeNull();
    expect(checkInvoiceNumber('004', '', '01234567')).toBe('请输入发票代码');
    expect(checkInvoiceNumber('004', '123', '01234567')).toBe('发票代码应为10位或12位数字');
    expect(checkInvoiceNumber('004', '1100261130', '1234567')).toBe('发票号码应为8位数字');
    expect(checkInvoiceNumber('81', null, '26112000000000012345')).toBeNull();
    expect(checkInvoiceNumber('81', '1100261130', '26112000000000012345')).toBe('数电发票没有发票代码');
    expect(checkInvoiceNumber('82', '', '2611200000000001234')).toBe('数电发票号码应为20位数字');
    expect(checkInvoiceNumber('85', '1100261130', '0123456789')).toBeNull();
    expect(checkInvoiceNumber('004', '1100261130', '')).toBe('请输入发票号码');
    expect(checkInvoiceNumber('xyz', '', '1')).toBe('请选择发票类型');
  });
});

describe('VAT rates and the 2026 VAT law', () => {
  it('2026 allows 13/9/6/0, the 5% and 3% levy rates and the 2%, 1.5% and 1% reductions', () => {
    expect([...VAT_RATES_2026_BP].sort((a, b) => b - a)).toEqual([1300, 900, 600, 500, 300, 200, 150, 100, 0]);
  });

  it('history: 17% and 11% until 2018-04-30, 16% and 10% until 2019-03-31', () => {
    expect(isVatRateValidOn(1700, '2018-04-30')).toBe(true);
    expect(isVatRateValidOn(1700, '2018-05-01')).toBe(false);
    expect(isVatRateValidOn(1600, '2019-03-31')).toBe(true);
    expect(isVatRateValidOn(1600, '2019-04-01')).toBe(false);
    expect(isVatRateValidOn(1300, '2019-03-31')).toBe(false);
    expect(isVatRateValidOn(900, '2026-06-30')).toBe(true);
    expect(isVatRateValidOn(1000, '2026-06-30')).toBe(false);
    expect(isVatRateValidOn(100, '2027-12-31')).toBe(true);
    expect(isVatRateValidOn(100, '2028-01-01')).toBe(false);
    expect(isVatRateValidOn(700, '2026-01-01')).toBe(false);
    expect(vatRatesOn('2019-01-15').map((r) => r.label)).toContain('16%');
  });

  it('reads rates as fractions or percentages', () => {
    expect(rateToBp('0.13')).toBe(1300);
    expect(rateToBp(0.09)).toBe(900);
    expect(rateToBp('0.015')).toBe(150);
    expect(rateToBp('13%')).toBe(1300);
    expect(rateToBp('1.5%')).toBe(150);
    expect(rateToBp('0')).toBe(0);
    for (const bad of ['abc', '-0.13', '1.5', '0.00001', '', null, '13.555%']) expect(rateToBp(bad)).toBeNull();
    expect(formatRate(150)).toBe('1.5%');
    expect(DEFAULT_GOODS_RATES_BP.map(formatRate)).toEqual(['17%', '16%', '13%', '10%', '9%', '6%', '5%', '3%', '2%', '1%', '1.5%', '0%']);
  });
});

describe('invoice line arithmetic', () => {
  it('tax = round(amount × rate), half away from zero, red invoices negative', () => {
    expect(taxOf(10_000_00, 1300)).toBe(1_300_00);
    expect(taxOf(12_345, 600)).toBe(741);
    expect(taxOf(-12_345, 600)).toBe(-741);
    expect(taxOf(50, 300)).toBe(2);
  });

  it('splits a tax-inclusive total so that amount + tax = total', () => {
    expect(splitTaxIncluded(11_300_00, 1300)).toEqual({ amountFen: 10_000_00, taxFen: 1_300_00 });
    expect(splitTaxIncluded(100_00, 600)).toEqual({ amountFen: 94_34, taxFen: 5_66 });
    expect(splitTaxIncluded(-100_00, 600)).toEqual({ amountFen: -94_34, taxFen: -5_66 });
    expect(splitTaxIncluded(5_00, 0)).toEqual({ amountFen: 5_00, taxFen: 0 });
  });

  it('count × price in fen with exact decimals', () => {
    expect(lineAmountFromPrice('3', '33.333333')).toBe(10_000);
    expect(lineAmountFromPrice(2.5, '0.1')).toBe(25);
    expect(lineAmountFromPrice('-1', '100')).toBe(-10_000);
    expect(lineAmountFromPrice('x', '1')).toBeNull();
  });

  it('accepts a line within ¥0.06 of amount × rate and refuses beyond', () => {
    const line = { amountFen: 10_000_00, rateBp: 1300, taxFen: 1_300_06, totalFen: 11_300_06 };
    expect(checkInvoiceLine(line, 1)).toBeNull();
    expect(checkInvoiceLine({ ...line, taxFen: 1_300_07, totalFen: 11_300_07 }, 2)).toBe('第2行税额与金额×税率不符');
    expect(checkInvoiceLine({ ...line, totalFen: 11_300_00 }, 3)).toBe('第3行价税合计应等于金额加税额');
    expect(checkInvoiceLine({ amountFen: -100_00, rateBp: 1300, taxFen: 13_00 }, 4)).toBe('第4行金额与税额的正负应一致');
  });

  it('checks count × price within ¥0.01', () => {
    const line = { amountFen: 10_000, rateBp: 1300, taxFen: 1_300, count: '3', price: '33.333333' };
    expect(checkInvoiceLine(line, 1)).toBeNull();
    expect(checkInvoiceLine({ ...line, price: '33.34' }, 1)).toBe('第1行金额与数量×单价不符');
    expect(checkInvoiceLine({ ...line, price: 'abc' }, 1)).toBe('第1行单价格式不正确');
    expect(checkInvoiceLine({ ...line, count: '三' }, 1)).toBe('第1行数量格式不正确');
  });

  it('totals lines and refuses an invoice whose tax drifts more than ¥1.27 in total', () => {
    const line = { amountFen: 100_00, rateBp: 1300, taxFen: 13_06 };
    expect(invoiceTotals([line, line])).toEqual({ amountFen: 200_00, taxFen: 26_12, totalFen: 226_12 });
    expect(checkInvoiceLines(Array.from({ length: 21 }, () => line))).toBeNull();
    expect(checkInvoiceLines(Array.from({ length: 22 }, () => line))).toBe('发票税额合计与金额×税率相差超过1.27元');
    expect(checkInvoiceLines([line, { ...line, taxFen: 0 }])).toBe('第2行税额与金额×税率不符');
  });
});

describe('duplicate invoices (spec 001 §8)', () => {
  it('uses the exact wording period + 账期已存在发票号码为 + number', () => {
    expect(duplicateInvoiceMessage('202603', '01234567')).toBe('202603账期已存在发票号码为01234567');
  });

  it('reports invoices already stored (with their period) and repeats within the batch', () => {
    const stored = [{ invoiceCode: '1100261130', invoiceNumber: '01234567', period: '202602' }];
    const dups = findDuplicateInvoices(
      [
        { invoiceCode: '1100261130', invoiceNumber: '01234567' },
        { invoiceCode: '1100261131', invoiceNumber: '01234567' },
        { invoiceNumber: '26112000000000012345' },
        { invoiceCode: null, invoiceNumber: ' 26112000000000012345 ' },
      ],
      stored,
      '202603',
    );
    expect(dups.map((d) => [d.index, d.msg])).toEqual([
      [0, '202602账期已存在发票号码为01234567'],
      [3, '202603账期已存在发票号码为26112000000000012345'],
    ]);
  });

  it('does not report the invoice being edited', () => {
    const stored = [{ invoiceCode: '1100261130', invoiceNumber: '01234567', period: '202603' }];
    expect(findDuplicateInvoices([{ invoiceCode: '1100261130', invoiceNumber: '01234567' }], stored, '202603', '1100261130#01234567')).toEqual([]);
  });
});

describe('ticket arrival status (spec 001 §4, §5)', () => {
  it('all selects the five items and locks; none clears and locks; partial unlocks', () => {
    expect(TICKET_ITEMS).toEqual(['进项发票', '销项发票', '费用发票', '薪酬表', '银行对账单']);
    expect(ticketItemsOnStatusChange(2, [])).toEqual({ items: [...TICKET_ITEMS], locked: true });
    expect(ticketItemsOnStatusChange(9, ['进项发票'])).toEqual({ items: [], locked: true });
    expect(ticketItemsOnStatusChange(1, ['薪酬表', '进项发票'])).toEqual({ items: ['进项发票', '薪酬表'], locked: false });
  });

  it('save: partial with no item is refused; zero items force 9; five items force 2', () => {
    expect(normalizeTicketSave(1, [])).toEqual({ ok: false, msg: '请选择部分到票类型' });
    expect(normalizeTicketSave(1, ['银行对账单', '进项发票', '进项发票'])).toEqual({ ok: true, status: 1, items: ['进项发票', '银行对账单'] });
    expect(normalizeTicketSave(1, [...TICKET_ITEMS])).toEqual({ ok: true, status: 2, items: [...TICKET_ITEMS] });
    expect(normalizeTicketSave(9, ['进项发票'])).toEqual({ ok: true, status: 9, items: [] });
    expect(normalizeTicketSave(2, [])).toEqual({ ok: true, status: 2, items: [...TICKET_ITEMS] });
    expect(normalizeTicketSave(3, [])).toEqual({ ok: false, msg: '请选择到票状态' });
    expect(normalizeTicketSave(1, ['工资条'])).toEqual({ ok: false, msg: '不存在此到票类型：工资条' });
  });

  it('ticking items in partial mode moves the status', () => {
    expect(ticketStatusForItems([])).toBe(9);
    expect(ticketStatusForItems(['费用发票'])).toBe(1);
    expect(ticketStatusForItems([...TICKET_ITEMS])).toBe(2);
  });

  it('stores items as comma text', () => {
    expect(ticketItemsToText(['薪酬表', '进项发票'])).toBe('进项发票,薪酬表');
    expect(ticketItemsFromText('进项发票， 薪酬表,')).toEqual(['进项发票', '薪酬表']);
    expect(ticketItemsFromText(null)).toEqual([]);
  });
});
