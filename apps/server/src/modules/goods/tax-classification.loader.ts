/**
 * Loads the tax-classification table once when the goods routes register: DZY_TAX_CLASSIFICATION_FILE, else
 * <repo>/../shared/domain/tax-classification.json, else DATA_DIR/tax-classification.json, else the built-in top
 * only. A named file that cannot be read is an error (the operator asked for it); the fallbacks are tried quietly.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildTaxClassificationTable, parseTaxClassificationJson, type TaxClassificationTable } from '@dzy/domain/tax-classification/index';

export const TAX_CLASSIFICATION_ENV = 'DZY_TAX_CLASSIFICATION_FILE';
const REPO_ROOT = resolve(import.meta.dirname, '../../../../..');
export const SHARED_TAX_CLASSIFICATION_FILE = resolve(REPO_ROOT, '../shared/domain/tax-classification.json');

export interface LoadedTaxClassification {
  table: TaxClassificationTable;
  /** One line for the start-up log saying which table is in use. */
  message: string;
}

export function tableFromFile(file: string): LoadedTaxClassification {
  const { rows, skipped } = parseTaxClassificationJson(JSON.parse(readFileSync(file, 'utf8')) as unknown);
  const table = buildTaxClassificationTable(rows, file);
  return { table, message: `税收分类编码表：${file}（${rows.length} 行${skipped ? `，跳过 ${skipped} 行无效编码` : ''}）` };
}

export function loadTaxClassification(env: NodeJS.ProcessEnv, dataDir: string | undefined): LoadedTaxClassification {
  const named = env[TAX_CLASSIFICATION_ENV]?.trim();
  if (named) return tableFromFile(resolve(named));
  const candidates = [SHARED_TAX_CLASSIFICATION_FILE, ...(dataDir ? [resolve(dataDir, 'tax-classification.json')] : [])];
  const found = candidates.find((f) => existsSync(f));
  if (found) return tableFromFile(found);
  const table = buildTaxClassificationTable();
  return { table, message: `税收分类编码表：未找到 tax-classification.json，使用内置顶层分类（${table.size} 行）` };
}
