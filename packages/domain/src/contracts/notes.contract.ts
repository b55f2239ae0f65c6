/**
 * Quick notes (随手记, spec 000 §2.5): one note per company and period, with images, and the company-level
 * 'repeat every period' setting (jotDownStatus / jotCopy: 0 repeat, 1 off). Paths /api/v2/company/jotDown*.
 */
import { z } from 'zod';
import { comparePeriods, isValidPeriod } from '../period/period';
import { comIdField } from './fields';

export const JOT_DOWN_BUTTON = 'jzkh_ssj';
export const JOT_DOWN_MAX_CHARS = 2000;
export const JOT_DOWN_MAX_IMAGES = 20;
/** jotDownStatus / jotCopy values. */
export const JOT_REPEAT = 0;
export const JOT_NO_REPEAT = 1;

export const NOTE_MESSAGES = {
  saved: '保存成功',
  set: '设置成功',
  tooLong: `随手记不能超过${JOT_DOWN_MAX_CHARS}字`,
  tooManyImages: `图片最多${JOT_DOWN_MAX_IMAGES}张`,
  badImage: '图片地址无效，请重新上传',
  badPeriod: '会计期间不存在',
  enableConfirm: '确定设置为每期默认重复吗？未填写随手记的期间将沿用最近一期的内容。',
  cancelConfirm: '确定取消每期默认重复吗？未填写随手记的期间将不再显示以前的内容。',
} as const;

const comId = comIdField;

export const jotDownListBody = z.object({ comId });

/** Images as a list, or the comma-joined string older clients send; blanks dropped. */
const images = z
  .union([z.array(z.string({ error: NOTE_MESSAGES.badImage })), z.string({ error: NOTE_MESSAGES.badImage })], { error: NOTE_MESSAGES.badImage })
  .default([])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter((s) => s !== ''))
  .pipe(z.array(z.string()).max(JOT_DOWN_MAX_IMAGES, NOTE_MESSAGES.tooManyImages));

export const jotDownSaveBody = z.object({
  comId,
  period: z.string({ error: '请选择会计期间' }).trim().refine(isValidPeriod, '会计期间格式不正确'),
  jotDown: z.string({ error: '请输入随手记内容' }).default('').transform((s) => s.replace(/\r\n/g, '\n')).pipe(z.string().max(JOT_DOWN_MAX_CHARS, NOTE_MESSAGES.tooLong)),
  jotDownImgs: images,
});

export const jotDownCopyBody = z.object({
  comId,
  jotCopy: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: '设置参数错误' }).transform(Number),
});

export const jotDownCurrentBody = z.object({
  comIds: z.array(z.union([z.number(), z.string()]).transform(Number).pipe(z.number().int().positive()), { error: '公司参数错误' }).max(500, '一次最多查询500家公司'),
});

export interface JotDownEntry {
  period: string;
  jotDown: string;
  jotDownImgs: string[];
  /** Editor's cnName and the time ('YYYY-MM-DD HH:mm:ss', Beijing) of the note shown; empty when none. */
  jotDownPeople: string;
  jotDownTime: string;
  /** The period's own saved note (false: empty, or carried over from fromPeriod by the repeat setting). */
  own: boolean;
  /** With repeat on and no own note: the period whose note is shown. */
  fromPeriod: string | null;
}

export interface JotDownListResult {
  list: JotDownEntry[];
  jotDownStatus: number;
  /** The company's current period (calendar month, within its periods): the one the header shows. */
  currentPeriod: string;
}

export interface JotDownCurrentItem {
  comId: number;
  period: string;
  jotDown: string;
  imageCount: number;
}

export interface SavedNote {
  period: string;
  jotDown: string;
  jotDownImgs: string[];
  jotDownPeople: string;
  jotDownTime: string;
}

/**
 * The repeat rule, decided once here: with repeat on (jotDownStatus 0), a period without a saved note of its own
 * shows the note of the latest EARLIER period that has one (a saved empty note counts: it is how a user stops a
 * carry-over). Periods before the first note stay empty. With repeat off, only own notes show. Editing an
 * inherited entry starts from the shown text and images; saving makes it the period's own note.
 * `periods` may come in whatever order; the answer is newest first.
 */
export function noteTimeline(periods: readonly string[], notes: readonly SavedNote[], repeat: boolean): JotDownEntry[] {
  const own = new Map(notes.map((n) => [n.period, n]));
  const ascending = [...new Set(periods)].sort(comparePeriods);
  const sortedNotes = [...notes].sort((a, b) => comparePeriods(a.period, b.period));
  const out: JotDownEntry[] = [];
  let latest: SavedNote | undefined;
  let i = 0;
  for (const p of ascending) {
    // Notes of periods the list does not show (e.g. before a restart) still carry over.
    while (i < sortedNotes.length && comparePeriods(sortedNotes[i]?.period ?? '', p) < 0) latest = sortedNotes[i++];
    const mine = own.get(p);
    if (mine) out.push({ ...mine, jotDownImgs: [...mine.jotDownImgs], own: true, fromPeriod: null });
    else if (repeat && latest) out.push({ ...latest, period: p, jotDownImgs: [...latest.jotDownImgs], own: false, fromPeriod: latest.period });
    else out.push({ period: p, jotDown: '', jotDownImgs: [], jotDownPeople: '', jotDownTime: '', own: false, fromPeriod: null });
  }
  return out.reverse();
}

/** 'YYYY-MM-DD HH:mm:ss' on the Beijing clock (UTC+8 all year). */
export function beijingDateTime(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
