/**
 * api/v2/import/assetImport: each row becomes an asset card of the current period, filled in as the asset dialog
 * fills it (default subjects of the kind, default periods of the type, suggested monthly amount) and checked by the
 * dialog's own rules (saveAssetBody, validateAssetForm), then saved through the assets module's saveAsset in ONE
 * transaction: one bad row and nothing is saved.
 */
import { saveAssetBody, type SaveAssetBody } from '@dzy/domain/contracts/assets.contract';
import type { AssetImportResult } from '@dzy/domain/contracts/imports.contract';
import { validateAssetForm } from '@dzy/domain/assets/index';
import { importRowMessage, readAssetRecord, type ImportRowError, type SheetRecord } from '@dzy/domain/imports/index';
import type { Tx } from '../../db/client';
import { AppError } from '../../http/envelope';
import { defaultSubjects, logAsset, saveAsset, scopeOf, type AssetCtx } from '../assets/assets.service';
import { listSubjects } from '../subjects/subjects.repo';
import { lockWritablePeriod } from '../vouchers/ledger-guards';
import { refuse } from './import-sheet';

export async function importAssets(tx: Tx, c: AssetCtx, v: { records: SheetRecord[]; fileName: string }): Promise<AssetImportResult> {
  const s = scopeOf(c);
  await lockWritablePeriod(tx, { ...s, period: c.period });
  const chart = await listSubjects(tx, s);
  const codes = new Map(chart.map((r) => [r.id, r.code]));
  const defaults = defaultSubjects(chart);
  const errors: ImportRowError[] = [];
  const bodies: { row: number; body: SaveAssetBody }[] = [];
  for (const r of v.records) {
    const read = readAssetRecord(r, (kind) => defaults[`${kind}`]);
    if (!read.ok) {
      errors.push({ row: r.row, message: importRowMessage(r.row, read.msg) });
      continue;
    }
    const { row, ...input } = read.asset;
    const parsed = saveAssetBody.safeParse({ ...input, id: null });
    if (!parsed.success) {
      errors.push({ row, message: importRowMessage(row, parsed.error.issues[0]?.message ?? '参数错误') });
      continue;
    }
    const d = parsed.data;
    const form = {
      ...d,
      type: d.type,
      assetType: d.assetType,
      count: d.count,
      depreciationMethod: d.depreciationMethod,
      depreciationPeriods: d.depreciationPeriods,
      originalValue: d.originalValue,
      initLjDepreciation: d.initLjDepreciation,
      amortizeAmount: d.amortizeAmount,
      status: d.status,
      yzSubjectId: d.yzSubjectId,
      fySubjectId: d.fySubjectId,
      subjectId: d.subjectId,
    };
    const checked = validateAssetForm(form, { period: c.period, subjectCode: (id) => codes.get(id) });
    if (!checked.ok) errors.push({ row, message: importRowMessage(row, checked.msg) });
    else bodies.push({ row, body: parsed.data });
  }
  if (errors.length > 0) throw refuse(errors);

  const created: AssetImportResult['assets'] = [];
  for (const { row, body } of bodies) {
    try {
      const { id } = await saveAsset(tx, c, body);
      created.push({ id, name: body.name ?? '' });
    } catch (err) {
      // The module's own checks after the form (subject kinds, leaves): still a row error, and nothing is kept.
      if (err instanceof AppError && err.status === 400) throw refuse([{ row, message: importRowMessage(row, err.message) }]);
      throw err;
    }
  }
  await logAsset(tx, c, '导入资产', `asset-import:${created[0]?.id ?? 0}`, `${v.fileName}：导入${created.length}张资产卡片`);
  return { count: created.length, assets: created };
}
