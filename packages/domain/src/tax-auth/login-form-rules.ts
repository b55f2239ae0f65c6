/**
 * The tax-bureau login form by region (spec 002 "Tax login form by region"): the first 4 digits of the company's
 * region code (a 计划单列市) or else the first 2 (a province) pick the login methods offered and, per method,
 * which fields are shown and required, with their labels.
 *
 * The spec names the fields and methods but not the per-region details, so the table below is ours: every
 * region offers 新版登录 (the national unified e-tax bureau, the default) and 代理登录 (涉税专业服务机构); a region
 * keeps an older provincial login as an extra method where its bureau still runs one. The regions come from
 * regions.json, and a test checks that every province and 计划单列市 has an entry here.
 */
import { PLAN_CITIES, PROVINCES, planCityOf, provinceOf } from '../regions/regions';
import { loginMethodCode, type LoginMethodName } from './login-methods';

export const LOGIN_FIELDS = ['taxNo', 'idNo', 'password', 'zzrxm', 'zzridno', 'zzrmn', 'xzsf'] as const;
export type LoginField = (typeof LOGIN_FIELDS)[number];

export interface FieldRule {
  label: string;
  required: boolean;
}

/** A field absent from the map is hidden. */
export type MethodFields = Partial<Record<LoginField, FieldRule>>;

export interface LoginMethodForm {
  name: LoginMethodName;
  /** 1 新版登录, 3 代理登录, 0 the others. */
  code: string;
  fields: MethodFields;
}

export interface RegionLoginForm {
  /** The 2- or 4-digit code the rule is keyed by. */
  regionCode: string;
  regionName: string;
  defaultMethod: LoginMethodName;
  methods: LoginMethodForm[];
}

/** 身份选择 (xzsf) of the national e-tax bureau. */
export const XZSF_OPTIONS = ['法定代表人', '财务负责人', '办税员', '涉税服务人员', '管理员', '购票员'] as const;

const req = (label: string): FieldRule => ({ label, required: true });
const opt = (label: string): FieldRule => ({ label, required: false });

/** The form of each method before regional label changes. */
const BASE_FORMS: Record<LoginMethodName, MethodFields> = {
  新版登录: {
    taxNo: req('统一社会信用代码/纳税人识别号'),
    zzridno: req('居民身份证号码/手机号码/用户名'),
    zzrmn: req('个人用户密码'),
    xzsf: req('登录身份'),
  },
  代理登录: {
    taxNo: req('委托企业统一社会信用代码'),
    idNo: req('代理机构统一社会信用代码'),
    zzrxm: req('代理人姓名'),
    zzridno: req('代理人手机号码/身份证号码'),
    zzrmn: req('个人用户密码'),
  },
  企业登录: { taxNo: req('纳税人识别号'), password: req('企业登录密码') },
  短信登录: { taxNo: req('纳税人识别号'), zzridno: req('办税人员手机号码') },
  用户名登录: { zzridno: req('用户名'), zzrmn: req('登录密码') },
  政务网登录: { taxNo: opt('统一社会信用代码'), zzridno: req('政务服务网账号/手机号码'), zzrmn: req('政务服务网密码') },
  普通登录: { taxNo: req('纳税人识别号'), password: req('纳税人密码'), zzrxm: opt('办税人员姓名') },
  自然人用户登录: { zzrxm: req('姓名'), zzridno: req('居民身份证号码/手机号码'), zzrmn: req('自然人登录密码') },
};

interface RegionRuleData {
  /** Methods after 新版登录 and 代理登录, which every region has. */
  extra?: LoginMethodName[];
  /** Regional label wording, per method and field. */
  labels?: Partial<Record<LoginMethodName, Partial<Record<LoginField, string>>>>;
}

/**
 * The rules as data, keyed by 2-digit province or 4-digit 计划单列市 code. Zhejiang, Ningbo and Hubei keep
 * their government-portal login (those bureaus need no separate authorization — see keep-status.ts).
 */
export const REGION_LOGIN_RULES: Readonly<Record<string, RegionRuleData>> = {
  '11': { extra: ['用户名登录'] },
  '12': {},
  '13': {},
  '14': {},
  '15': {},
  '21': {},
  '22': {},
  '23': {},
  '31': { extra: ['短信登录'] },
  '32': {},
  '33': { extra: ['政务网登录'], labels: { 政务网登录: { zzridno: '浙江政务服务网账号/手机号码', zzrmn: '浙江政务服务网密码' } } },
  '34': {},
  '35': {},
  '36': {},
  '37': {},
  '41': {},
  '42': { extra: ['政务网登录'], labels: { 政务网登录: { zzridno: '湖北政务服务网账号/手机号码', zzrmn: '湖北政务服务网密码' } } },
  '43': {},
  '44': { extra: ['自然人用户登录'] },
  '45': {},
  '46': {},
  '50': {},
  '51': {},
  '52': {},
  '53': {},
  '54': { extra: ['企业登录'] },
  '61': {},
  '62': {},
  '63': {},
  '64': {},
  '65': { extra: ['普通登录'] },
  '2102': {},
  '3302': { extra: ['政务网登录'], labels: { 政务网登录: { zzridno: '浙江政务服务网账号/手机号码', zzrmn: '浙江政务服务网密码' } } },
  '3502': {},
  '3702': {},
  '4403': { extra: ['自然人用户登录'], labels: { 新版登录: { zzridno: '手机号码/居民身份证号码' } } },
};

function methodForm(name: LoginMethodName, labels: RegionRuleData['labels']): LoginMethodForm {
  const regional = labels?.[name] ?? {};
  const fields: MethodFields = {};
  for (const [key, rule] of Object.entries(BASE_FORMS[name]) as Array<[LoginField, FieldRule]>) {
    fields[key] = { ...rule, label: regional[key] ?? rule.label };
  }
  return { name, code: loginMethodCode(name), fields };
}

/** The rule key of a region code: the 计划单列市 when it is one, else the province; undefined when unknown. */
export function regionRuleKey(district: string): string | undefined {
  const city = planCityOf(district);
  if (city && REGION_LOGIN_RULES[city.code]) return city.code;
  const province = provinceOf(district);
  return province && REGION_LOGIN_RULES[province.code] ? province.code : undefined;
}

/** The login form of a company's region; an unknown region gets the national default (新版登录 and 代理登录). */
export function loginFormFor(district: string): RegionLoginForm {
  const key = regionRuleKey(district);
  const data = key ? (REGION_LOGIN_RULES[key] ?? {}) : {};
  const names: LoginMethodName[] = ['新版登录', '代理登录', ...(data.extra ?? [])];
  const regionName = key ? (PLAN_CITIES.find((c) => c.code === key)?.name ?? PROVINCES.find((p) => p.code === key)?.name ?? '') : '';
  return { regionCode: key ?? '', regionName, defaultMethod: '新版登录', methods: names.map((n) => methodForm(n, data.labels)) };
}

/** The form of one method in a region, or undefined when the region does not offer it. */
export function methodFormFor(district: string, name: string): LoginMethodForm | undefined {
  return loginFormFor(district).methods.find((m) => m.name === name);
}

export type LoginFieldValues = Partial<Record<LoginField, string>>;

/** The first missing required field as its Chinese message ('请输入…' / '请选择…'), or null. */
export function missingLoginField(form: LoginMethodForm, values: LoginFieldValues, opts: { passwordKept?: boolean } = {}): string | null {
  for (const key of LOGIN_FIELDS) {
    const rule = form.fields[key];
    if (!rule?.required) continue;
    const v = values[key]?.trim() ?? '';
    // On edit a blank password keeps the stored one.
    if (v === '' && (key === 'zzrmn' || key === 'password') && opts.passwordKept) continue;
    if (v === '') return key === 'xzsf' ? `请选择${rule.label}` : `请输入${rule.label}`;
  }
  return null;
}
