import { describe, expect, it } from 'vitest';
import {
  convertCode,
  DEFAULT_CODE_LEVELS,
  formatCode,
  levelOfCode,
  nextChildCode,
  normalizeCode,
  parentCodeOf,
  splitCode,
  validateCodeScheme,
} from './code-scheme';

describe('validateCodeScheme', () => {
  it('accepts the default and other schemes that hold the standard chart', () => {
    expect(validateCodeScheme(DEFAULT_CODE_LEVELS, '')).toEqual({ ok: true });
    expect(validateCodeScheme([4, 3, 3, 3, 3, 3], '.')).toEqual({ ok: true });
    expect(validateCodeScheme([4, 2, 2], '_')).toEqual({ ok: true });
  });

  it.each<[number[], string, string]>([
    [[], '', '科目级次应为1至6级'],
    [[4, 2, 2, 2, 2, 2, 2], '', '科目级次应为1至6级'],
    [[4, 5, 2], '', '每级科目编码长度应为1至4位'],
    [[4, 0, 2], '', '每级科目编码长度应为1至4位'],
    [[4, 2.5, 2], '', '每级科目编码长度应为1至4位'],
    [[3, 2, 2], '', '一级科目编码长度必须为4位'],
    [[4, 2], '', '科目级次至少为3级，才能容纳预置的明细科目'],
    [[4, 1, 2], '', '二级、三级科目编码长度至少为2位，才能容纳预置的明细科目'],
    [[4, 2, 2], '/', '科目编码分隔符只能为空、“.”、“-”或“_”'],
  ])('%j %j → %s', (levels, sep, msg) => {
    expect(validateCodeScheme(levels, sep)).toEqual({ ok: false, msg });
  });
});

describe('code helpers', () => {
  it('finds levels and parents', () => {
    expect(levelOfCode('2221')).toBe(1);
    expect(levelOfCode('222101')).toBe(2);
    expect(levelOfCode('22210101')).toBe(3);
    expect(levelOfCode('2221010101')).toBe(4);
    expect(levelOfCode('22210')).toBeNull();
    expect(levelOfCode('22a1')).toBeNull();
    expect(levelOfCode('2221001', [4, 3, 3])).toBe(2);
    expect(parentCodeOf('22210101')).toBe('222101');
    expect(parentCodeOf('2221')).toBeNull();
  });

  it('formats and normalises with separators', () => {
    expect(splitCode('22210101')).toEqual(['2221', '01', '01']);
    expect(formatCode('22210101', DEFAULT_CODE_LEVELS, '.')).toBe('2221.01.01');
    expect(formatCode('22210101', DEFAULT_CODE_LEVELS, '')).toBe('22210101');
    expect(formatCode('2221001001', [4, 3, 3], '-')).toBe('2221-001-001');
    expect(normalizeCode(' 2221.01.01 ', '.')).toBe('22210101');
    expect(normalizeCode('222101', '')).toBe('222101');
  });

  it('gives the smallest free child code', () => {
    expect(nextChildCode('1002', [])).toBe('100201');
    expect(nextChildCode('5602', ['560201', '560202', '560299', '56020101'])).toBe('560203');
    expect(nextChildCode('5602', ['560202'])).toBe('560201');
    expect(nextChildCode('560201', ['56020101', '56020102'])).toBe('56020103');
    expect(nextChildCode('1002', ['1002001'], [4, 3, 2])).toBe('1002002');
  });

  it('returns null when the level is full or at the deepest level', () => {
    const full = Array.from({ length: 99 }, (_, i) => `1002${String(i + 1).padStart(2, '0')}`);
    expect(nextChildCode('1002', full)).toBeNull();
    expect(nextChildCode('1002010101', [])).toBeNull();
    expect(nextChildCode('100', [])).toBeNull();
  });

  it('re-encodes codes between schemes', () => {
    expect(convertCode('22210101', [4, 2, 2, 2], [4, 3, 3])).toBe('2221001001');
    expect(convertCode('2221', [4, 2, 2, 2], [4, 3, 3])).toBe('2221');
    expect(convertCode('560299', [4, 2, 2, 2], [4, 1, 2])).toBeNull();
    expect(convertCode('22210101', [4, 2, 2, 2], [4, 2])).toBeNull();
    expect(convertCode('2221001', [4, 3, 3], [4, 2, 2, 2])).toBe('222101');
  });
});
