import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ARCHIVE_MESSAGES,
  ARCHIVE_TYPE_COMPANY,
  type ArchiveItem,
  type ArchiveListResult,
  type ArchiveRecordType,
  type ArchiveSaveResult,
  type archiveListBody,
  type archiveSaveBody,
} from '@dzy/domain/contracts/archives.contract';
import { FILE_URL_PREFIX, type UploadPurpose } from '@dzy/domain/contracts/uploads.contract';
import type { Db, Tx } from '../../db/client';
import { users, type ArchiveAttachment } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { badRequest, notFound } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { formatChinaTime } from '../audit/operation-log.query';
import { requireVisibleCompany, type CompanyRow } from '../companies/company-visibility';
import { findUploadByKey } from '../uploads/uploads.repo';
import { deleteArchive, findArchives, insertArchive, listArchives, type ArchiveOwner, type ArchiveRow } from './archives.repo';

type ListInput = z.output<typeof archiveListBody>;
type SaveInput = z.output<typeof archiveSaveBody>;

/** Company archives belong to a company the caller can see (the route resolved it); customer archives to the org. */
function ownerOf(v: { recordType: number; customerId?: number }, company: CompanyRow | null): ArchiveOwner {
  if (v.recordType === ARCHIVE_TYPE_COMPANY) {
    if (!company) throw badRequest(ARCHIVE_MESSAGES.companyRequired);
    return { recordType: 3, companyId: company.id };
  }
  if (v.customerId === undefined) throw badRequest(ARCHIVE_MESSAGES.customerRequired);
  return { recordType: 2, customerId: v.customerId };
}

export function toArchiveItem(r: ArchiveRow, names: Map<number, string>): ArchiveItem {
  return {
    id: r.id,
    recordTime: formatChinaTime(r.recordTime),
    title: r.title,
    archivesDescribe: r.archivesDescribe,
    customerName: r.customerName,
    userName: r.userName,
    recordImgs: r.recordImgs.map((x) => x.url),
    file: r.files.map((x) => x.url).join(','),
    imgList: r.recordImgs,
    fileList: r.files,
    recordType: r.recordType as ArchiveRecordType,
    comId: r.companyId,
    customerId: r.customerId,
    createdBy: r.createdBy === null ? '' : (names.get(r.createdBy) ?? ''),
  };
}

async function creatorNames(tx: Tx, orgId: number, rows: ArchiveRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((r) => r.createdBy).filter((x): x is number => x !== null))];
  if (ids.length === 0) return new Map();
  const found = await tx.select({ id: users.id, cnName: users.cnName }).from(users).where(and(eq(users.orgId, orgId), inArray(users.id, ids)));
  return new Map(found.map((u) => [u.id, u.cnName]));
}

export function archiveList(db: Db, a: AuthContext, v: ListInput, company: CompanyRow | null): Promise<ArchiveListResult> {
  const owner = ownerOf(v, company);
  return withTenant(db, a.orgId, async (tx) => {
    const rows = await listArchives(tx, a.orgId, owner);
    const names = await creatorNames(tx, a.orgId, rows);
    return { list: rows.map((r) => toArchiveItem(r, names)) };
  });
}

/** Each URL must be an upload of this org made for that purpose: no outside links, no other org's files. */
async function attachments(tx: Tx, orgId: number, urls: string[], purpose: UploadPurpose): Promise<ArchiveAttachment[]> {
  const out: ArchiveAttachment[] = [];
  const prefix = `${FILE_URL_PREFIX}/`;
  for (const url of new Set(urls)) {
    const key = url.startsWith(prefix) ? url.slice(prefix.length) : '';
    const row = key.startsWith(`${orgId}/`) ? await findUploadByKey(tx, { orgId, storageKey: key }) : undefined;
    if (!row || row.purpose !== purpose) throw badRequest(ARCHIVE_MESSAGES.attachmentInvalid);
    out.push({ url, name: row.name });
  }
  return out;
}

export function archiveSave(db: Db, a: AuthContext, v: SaveInput, company: CompanyRow | null): Promise<ArchiveSaveResult> {
  const owner = ownerOf(v, company);
  return withTenant(db, a.orgId, async (tx) => {
    const recordImgs = await attachments(tx, a.orgId, v.recordImgs, 'archiveImage');
    const files = await attachments(tx, a.orgId, v.file, 'archiveFile');
    const customerName = v.customerName || company?.name || '';
    const id = await insertArchive(tx, {
      orgId: a.orgId,
      owner,
      title: v.title,
      archivesDescribe: v.archivesDescribe,
      customerName,
      userName: v.userName,
      recordImgs,
      files,
      createdBy: a.userId,
    });
    await logOperation(tx, {
      orgId: a.orgId,
      userId: a.userId,
      cnName: a.user.cnName,
      companyId: company?.id ?? null,
      companyName: company?.name ?? '',
      method: '新增档案',
      target: `archive:${id}`,
      content: v.title,
      after: { title: v.title, customerName, userName: v.userName, images: recordImgs.length, files: files.length },
    });
    return { id };
  });
}

/** Loads archives by id, each checked visible: a company archive needs its company in the caller's scope. */
async function visibleArchives(tx: Tx, a: AuthContext, ids: number[]): Promise<{ rows: ArchiveRow[]; companies: Map<number, CompanyRow> }> {
  const rows = await findArchives(tx, a.orgId, [...new Set(ids)]);
  if (rows.length !== new Set(ids).size) throw notFound(ARCHIVE_MESSAGES.notFound);
  const companies = new Map<number, CompanyRow>();
  for (const r of rows) {
    if (r.companyId !== null && !companies.has(r.companyId)) companies.set(r.companyId, await requireVisibleCompany(tx, a.viewer, r.companyId));
  }
  return { rows, companies };
}

export function archiveDel(db: Db, a: AuthContext, id: number): Promise<null> {
  return withTenant(db, a.orgId, async (tx) => {
    const { rows, companies } = await visibleArchives(tx, a, [id]);
    const row = rows[0];
    if (!row) throw notFound(ARCHIVE_MESSAGES.notFound);
    const company = row.companyId === null ? undefined : companies.get(row.companyId);
    await deleteArchive(tx, a.orgId, id);
    await logOperation(tx, {
      orgId: a.orgId,
      userId: a.userId,
      cnName: a.user.cnName,
      companyId: company?.id ?? null,
      companyName: company?.name ?? '',
      method: '删除档案',
      target: `archive:${id}`,
      content: row.title,
      before: { title: row.title, customerName: row.customerName, userName: row.userName, images: row.recordImgs.map((x) => x.name), files: row.files.map((x) => x.name) },
    });
    return null;
  });
}

/** The selected archives (all visible to the caller, else 404), newest first, for the export workbook. */
export function archivesForExport(db: Db, a: AuthContext, ids: number[]): Promise<ArchiveItem[]> {
  return withTenant(db, a.orgId, async (tx) => {
    const { rows } = await visibleArchives(tx, a, ids);
    const names = await creatorNames(tx, a.orgId, rows);
    return rows.map((r) => toArchiveItem(r, names));
  });
}
