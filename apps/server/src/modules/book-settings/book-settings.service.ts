import type { z } from 'zod';
import {
  SETTING_DEFS,
  isSubjectSettingKey,
  settingDef,
  type SettingItem,
  type SettingListResult,
  type settingSaveBody,
} from '@dzy/domain/contracts/book-settings.contract';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { badRequest } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import type { CompanyRow } from '../companies/company-visibility';
import { listSubjects } from '../subjects/subjects.repo';
import { subjectPathName } from '../subjects/subject-mapper';
import { resolveSettings, savedSettings, upsertSetting } from './book-settings.repo';

export async function settingList(db: Db, a: AuthContext, company: CompanyRow): Promise<SettingListResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id };
    const [saved, chart] = await Promise.all([savedSettings(tx, k), listSubjects(tx, k)]);
    const settings = resolveSettings(saved, chart);
    const list: SettingItem[] = SETTING_DEFS.map((def) => {
      const base = { key: def.key, name: def.name, remark: def.remark, valueType: def.valueType, option: [...(def.options ?? [])] };
      if (isSubjectSettingKey(def.key)) {
        const s = settings.subjects[def.key];
        const subject = s.subjectId === null ? undefined : chart.find((c) => c.id === s.subjectId);
        return {
          ...base,
          value: subject ? String(subject.id) : '',
          subjectId: subject?.id ?? null,
          subjectCode: subject?.code ?? '',
          subjectName: subject ? subjectPathName(chart, subject) : '',
          fzhsId: s.fzhsId,
          isDefault: s.isDefault,
        };
      }
      const value = settings.values[def.key as keyof typeof settings.values];
      const isDefault = !saved.some((r) => r.key === def.key);
      return { ...base, value, subjectId: null, subjectCode: '', subjectName: '', fzhsId: null, isDefault };
    });
    return { list };
  });
}

/** Saves the given items in one transaction; any bad item refuses the whole save ('请查看设置项目' family). */
export async function settingSave(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof settingSaveBody>, now: Date): Promise<void> {
  await withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id };
    const chart = await listSubjects(tx, k);
    const changes: string[] = [];
    for (const item of v.items) {
      const def = settingDef(item.key);
      if (!def) throw badRequest('请查看设置项目');
      if (isSubjectSettingKey(item.key)) {
        const id = item.subjectId ?? null;
        if (id !== null) {
          const s = chart.find((c) => c.id === id);
          if (!s) throw badRequest(`${def.name}：科目不存在`);
          if (!s.isLeaf) throw badRequest(`${def.name}：请选择末级科目`);
          if (s.status !== 1) throw badRequest(`${def.name}：科目已停用`);
        }
        await upsertSetting(tx, { ...k, key: item.key, value: '', subjectId: id, fzhsId: null, userId: a.userId, now });
        changes.push(`${def.name}=${id === null ? '未设置' : (chart.find((c) => c.id === id)?.code ?? '')}`);
        continue;
      }
      if (def.valueType === 'radio' && !(def.options ?? []).some((o) => o.value === item.value)) throw badRequest(`${def.name}：请选择有效选项`);
      if (item.value.length > 200) throw badRequest(`${def.name}：不能超过200个字`);
      await upsertSetting(tx, { ...k, key: item.key, value: item.value, subjectId: null, fzhsId: null, userId: a.userId, now });
      changes.push(`${def.name}=${item.value}`);
    }
    await logOperation(tx, {
      orgId: a.orgId,
      userId: a.userId,
      cnName: a.user.cnName,
      companyId: company.id,
      companyName: company.name,
      method: '保存习惯设置',
      target: `book-settings:${company.id}`,
      content: changes.join('；'),
    });
  });
}
