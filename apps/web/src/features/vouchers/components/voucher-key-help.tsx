/** The entry page's keyboard reference, shown under the grid (the keys are the grid's and the page's). */
import { Typography } from 'antd';

export const VOUCHER_KEYS: ReadonlyArray<[string, string]> = [
  ['Enter', '下一格：摘要 → 科目 → 辅助核算 → 借方 → 贷方 → 下一行摘要（借方有金额时直接到下一行）'],
  ['=', '在金额格中按等号，自动填入使凭证借贷平衡的金额'],
  ['空格', '金额在借方、贷方之间互换'],
  ['..  //', '摘要中输入 .. 复制上一行摘要，// 复制第一行摘要；回车进入空白摘要时自动带出上一行摘要'],
  ['↑ ↓', '上下移动到同一列的其他行'],
  ['Ctrl+Delete', '删除当前行'],
  ['Ctrl+S', '保存'],
  ['F12 / Ctrl+Enter', '保存并新增'],
];

export function VoucherKeyHelp() {
  return (
    <div data-testid="voucher-key-help" style={{ marginTop: 12, color: '#5b6b82', fontSize: 12, lineHeight: '22px' }}>
      <Typography.Text strong style={{ fontSize: 12 }}>
        快捷键：
      </Typography.Text>
      {VOUCHER_KEYS.map(([k, v]) => (
        <span key={k} style={{ marginInlineEnd: 16, display: 'inline-block' }}>
          <Typography.Text keyboard style={{ fontSize: 12 }}>
            {k}
          </Typography.Text>
          {v}
        </span>
      ))}
    </div>
  );
}
