import { describe, expect, it } from 'vitest';
import { ticketStatusLabel } from '../invoices/ticket-status';
import { ticketStatusSaveBody } from './ticket-status.contract';

describe('ticket status contract', () => {
  it('labels 9 / 1 / 2 and anything else with the generic label', () => {
    expect([9, 1, 2, 0, null, '2'].map(ticketStatusLabel)).toEqual(['未到票', '部分到票', '全部到票', '到票状态', '到票状态', '到票状态']);
  });

  it('takes items as a list or the comma-joined piaoItems, and piaoStatus for status', () => {
    expect(ticketStatusSaveBody.parse({ comId: '7', period: '202602', piaoStatus: '1', piaoItems: '进项发票， 薪酬表,' })).toEqual({
      comId: 7,
      period: '202602',
      status: 1,
      items: ['进项发票', '薪酬表'],
    });
    expect(ticketStatusSaveBody.parse({ comId: 7, period: '202602', status: 9 }).items).toEqual([]);
  });

  it('asks for the status and a valid period', () => {
    const issues = (body: unknown) => ticketStatusSaveBody.safeParse(body).error?.issues.map((i) => i.message);
    expect(issues({ comId: 7, period: '202602', status: '' })).toEqual(['请选择到票状态']);
    expect(issues({ comId: 7, period: '202613', status: 2 })).toEqual(['会计期间格式不正确']);
  });
});
