/**
 * 科目编码规则 (spec 001 §9): levels 1–6, each 1–4 digits wide, separator none . - _; default 4 levels 4-2-2-2.
 * The first level is the standard's 4 digits. Shows an example code and the domain's verdict on the scheme.
 */
import { Alert, InputNumber, Select, Space, Typography } from 'antd';
import { CODE_SEPARATOR_LABELS, CODE_SEPARATORS, type CodeSeparator } from '@dzy/domain/contracts/account-sets.contract';
import { formatCode, validateCodeScheme } from '@dzy/domain/ledger/code-scheme';

export interface CodeScheme {
  levels: number[];
  separator: CodeSeparator;
}

export const DEFAULT_SCHEME: CodeScheme = { levels: [4, 2, 2, 2], separator: '' };

/** An example code of every level: 1002, 100201, 10020101 … */
function exampleCode(levels: readonly number[]): string {
  return levels.map((w, i) => (i === 0 ? '1002' : '1'.padStart(w, '0'))).join('');
}

export function checkScheme(scheme: CodeScheme): string {
  const r = validateCodeScheme(scheme.levels, scheme.separator);
  return r.ok ? '' : r.msg;
}

export function CodeSchemeEditor({ value, onChange, disabled }: { value: CodeScheme; onChange: (v: CodeScheme) => void; disabled?: boolean }) {
  const setCount = (count: number) => {
    const levels = Array.from({ length: count }, (_, i) => value.levels[i] ?? (i === 0 ? 4 : 2));
    onChange({ ...value, levels });
  };
  const setWidth = (index: number, width: number | null) => {
    const levels = value.levels.map((w, i) => (i === index ? (width ?? w) : w));
    onChange({ ...value, levels });
  };
  const problem = checkScheme(value);
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="code-scheme">
      <Space wrap>
        <span>科目级次</span>
        <Select<number>
          value={value.levels.length}
          onChange={setCount}
          disabled={disabled}
          style={{ width: 90 }}
          options={[1, 2, 3, 4, 5, 6].map((n) => ({ value: n, label: `${n}级` }))}
          data-testid="code-scheme-levels"
        />
        <span style={{ marginInlineStart: 12 }}>分隔符</span>
        <Select<CodeSeparator>
          value={value.separator}
          onChange={(separator) => onChange({ ...value, separator })}
          disabled={disabled}
          style={{ width: 90 }}
          options={CODE_SEPARATORS.map((s) => ({ value: s, label: CODE_SEPARATOR_LABELS[s] }))}
          data-testid="code-scheme-separator"
        />
      </Space>
      <Space wrap>
        <span>编码长度</span>
        {value.levels.map((w, i) => (
          <Space key={i} size={2}>
            <Typography.Text type="secondary">{i + 1}级</Typography.Text>
            <InputNumber
              min={1}
              max={4}
              precision={0}
              value={w}
              disabled={disabled || i === 0}
              onChange={(v) => setWidth(i, v)}
              style={{ width: 56 }}
              data-testid={`code-scheme-width-${i + 1}`}
            />
          </Space>
        ))}
      </Space>
      <Typography.Text type="secondary">
        规则 {value.levels.join('-')}，示例：{formatCode(exampleCode(value.levels), value.levels, value.separator)}
      </Typography.Text>
      {problem && <Alert type="error" showIcon title={problem} />}
    </Space>
  );
}
