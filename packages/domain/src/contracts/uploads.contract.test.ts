import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_RULES, extensionOf, isUploadPurpose, sanitizeFileName } from './uploads.contract';

describe('upload rules', () => {
  it('keep the limits of each use', () => {
    expect(UPLOAD_RULES.jotDown.maxBytes).toBe(3 * 1024 * 1024);
    expect(UPLOAD_RULES.jotDown.tooLargeMsg).toBe('请不要上传大于3M的文件。');
    expect(UPLOAD_RULES.archiveImage.maxBytes).toBe(10 * 1024 * 1024);
    expect(UPLOAD_RULES.archiveFile.extensions).toEqual(['xlsx', 'xls', 'xml', 'pdf', 'doc', 'docx']);
    expect(MAX_UPLOAD_BYTES).toBe(20 * 1024 * 1024);
    expect(isUploadPurpose('chat')).toBe(true);
    expect(isUploadPurpose('toString')).toBe(false);
  });

  it('sanitize names: no path, commas, control or markup characters; the extension survives truncation', () => {
    expect(sanitizeFileName('C:\\fakepath\\发票,1，2.PNG')).toBe('发票12.PNG');
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('<img src=x onerror=alert(1)>.png')).toBe('img src=x onerror=alert(1).png');
    expect(sanitizeFileName('a\u0000b\nc.jpg')).toBe('abc.jpg');
    expect(sanitizeFileName('...')).toBe('file');
    const long = sanitizeFileName(`${'长'.repeat(150)}.xlsx`);
    expect(long).toHaveLength(100);
    expect(extensionOf(long)).toBe('xlsx');
  });
});
