import { describe, expect, it } from 'vitest';
import { badgeText, noticeListBody, noticePublishBody, smsDeleteBody, smsListBody } from './messages.contract';
import { operationLogBody, operationLogV3Body } from './audit.contract';
import { archiveExportBody, archiveSaveBody } from './archives.contract';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : (r.error?.issues[0]?.message ?? null));

describe('message centre contract', () => {
  it('caps the badge at 99+', () => {
    expect([0, 1, 99, 100, 12345].map(badgeText)).toEqual(['0', '1', '99', '99+', '99+']);
  });

  it('defaults and checks list, publish and delete bodies', () => {
    expect(noticeListBody.parse({})).toEqual({ type: 1 });
    expect(firstMessage(noticeListBody.safeParse({ type: 2 }))).toBe('消息类型参数错误');
    expect(smsListBody.parse({})).toEqual({ page: 1, limit: 100, content: '' });
    expect(firstMessage(smsListBody.safeParse({ limit: 101 }))).toBe('每页最多100条');
    expect(firstMessage(smsDeleteBody.safeParse({ ids: [] }))).toBe('请选择要删除的短信');
    expect(firstMessage(noticePublishBody.safeParse({ title: ' ', content: 'x' }))).toBe('请输入通知标题');
    expect(noticePublishBody.parse({ title: 't', content: 'c' }).popup).toBe(false);
  });
});

describe('operation log contract', () => {
  it('pages by 20 and accepts dates or date-times, refusing an inverted range', () => {
    expect(operationLogBody.parse({})).toMatchObject({ page: 1, limit: 20, name: '', period: '', startTime: '', endTime: '' });
    expect(operationLogBody.parse({ userId: '0' }).userId).toBeUndefined();
    expect(operationLogBody.parse({ userId: '12' }).userId).toBe(12);
    expect(firstMessage(operationLogBody.safeParse({ startTime: '2026-02-01', endTime: '2026-01-31 23:59:59' }))).toBe('开始时间不能晚于结束时间');
    expect(operationLogBody.safeParse({ startTime: '2026-01-01 08:00', endTime: '2026-01-01' }).success).toBe(true);
    expect(firstMessage(operationLogBody.safeParse({ startTime: '01/02/2026' }))).toBe('时间格式错误');
  });

  it('requires a company in the new log', () => {
    expect(firstMessage(operationLogV3Body.safeParse({}))).toBe('请选择公司');
    expect(firstMessage(operationLogV3Body.safeParse({ actionFilter: '' }))).toBe('请选择公司');
    expect(operationLogV3Body.parse({ actionFilter: '7' })).toMatchObject({ actionFilter: 7, pageNumber: 1, pageSize: 20, category: 'v3' });
  });
});

describe('archive contract', () => {
  it('takes the file list as an array or comma-separated text and needs an owner for customer archives', () => {
    expect(archiveSaveBody.parse({ recordType: 3, title: 'a', file: '/x/1.pdf, /x/2.pdf,' }).file).toEqual(['/x/1.pdf', '/x/2.pdf']);
    expect(firstMessage(archiveSaveBody.safeParse({ recordType: 2, title: 'a' }))).toBe('请选择客户');
    expect(firstMessage(archiveSaveBody.safeParse({ recordType: 4, title: 'a' }))).toBe('档案类型参数错误');
    expect(firstMessage(archiveExportBody.safeParse({ ids: [] }))).toBe('请至少选择一条档案');
  });
});
