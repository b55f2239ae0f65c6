import { describe, expect, it } from 'vitest';
import { SETTING_DEFS, missingSettingMessage, parseMissingSettingMessage, settingSaveBody } from './book-settings.contract';

describe('book settings contract', () => {
  it('words missing settings as spec 001 §8 does and reads them back', () => {
    expect(missingSettingMessage(['vatInput'])).toBe('未设置进项税额科目');
    expect(missingSettingMessage(['feeCashSettle'])).toBe('未设置费用现金结算科目');
    const several = missingSettingMessage(['vatInput', 'vatOutput', 'cashSettle']);
    expect(several).toBe('以下科目未设置：进项税额，销项税额，现金结算');
    expect(parseMissingSettingMessage(several)).toEqual(['进项税额', '销项税额', '现金结算']);
    expect(parseMissingSettingMessage('未设置未认证进项税额科目')).toEqual(['未认证进项税额']);
    expect(parseMissingSettingMessage('保存失败')).toBeNull();
  });

  it('keeps keys unique and refuses unknown items', () => {
    expect(new Set(SETTING_DEFS.map((d) => d.key)).size).toBe(SETTING_DEFS.length);
    expect(settingSaveBody.safeParse({ items: [{ key: 'nope', value: '1' }] }).error?.issues[0]?.message).toBe('请查看设置项目');
    expect(settingSaveBody.safeParse({ items: [] }).success).toBe(false);
    expect(settingSaveBody.parse({ items: [{ key: 'bankPeriodType', value: 2 }] }).items[0]?.value).toBe('2');
  });
});
