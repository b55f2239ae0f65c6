import type { ComInfo, ModuleEntry, UserInfoData, UserInfoUser } from '@dzy/domain/contracts/auth.contract';
import {
  ACCOUNT_BOOK_INDEX,
  AUTOMATIC_BOOK_INDEX,
  AUTOMATIC_BOOK_MODEL,
  DEFAULT_MODULE,
  HOME_PATH,
  ROUTE_CATALOGUE,
  filterRoutes,
  findModule,
  modulesFor,
  type RoleName,
} from '@dzy/domain/routes/index';
import { currentPeriod } from '@dzy/domain/period/period';
import { AUTH_MESSAGES as M } from '@dzy/domain/validation/messages';
import type { Db, Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { badRequest, forbidden } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import type { CompanyRow } from '../companies/company-visibility';
import { accountingStandard, companyType, incomeTaxMethod, profitCarryMethod } from '../companies/company-mapper';
import { catchUpPeriods } from '../companies/company-periods.service';
import type { UserAccess } from '../users/user-access';
import { companyPeriodsDesc, findUser, switchCandidates, type PeriodRow } from './user-info.repo';

const SETTLED = 4;

export interface UserInfoInput {
  roleName?: RoleName;
  /** The company of the request (body comId, else the ComId header), already checked visible. */
  company: CompanyRow | null;
  model?: string;
  /** Requested period (body, else the Period header). */
  period: string | null;
  now: Date;
}

/** The module an etax window opens in: the stored one if still granted, else the default, else the first granted. */
export function currentModule(user: Pick<UserAccess, 'lastModule' | 'primaryRouting'>): string | undefined {
  const granted = modulesFor(user.primaryRouting).map((m) => m.name);
  if (user.lastModule && granted.includes(user.lastModule)) return user.lastModule;
  if (granted.includes(DEFAULT_MODULE)) return DEFAULT_MODULE;
  return granted[0];
}

/** The period a company window works in: the requested one if the company has it, else the newest unsettled, else the newest. */
export function pickPeriod(periodsDesc: readonly PeriodRow[], requested: string | null): PeriodRow | undefined {
  const asked = requested ? periodsDesc.find((p) => p.period === requested) : undefined;
  return asked ?? periodsDesc.find((p) => p.settleStatus !== SETTLED) ?? periodsDesc[0];
}

function comInfoOf(company: CompanyRow, period: PeriodRow | undefined): ComInfo {
  return {
    comId: company.id,
    comName: company.name,
    taxNo: company.taxNo,
    period: period?.period ?? company.startPeriod,
    startPeriod: company.startPeriod,
    lastStartPeriod: company.lastStartPeriod,
    codes: company.codes,
    comType: companyType(company),
    comKj: accountingStandard(company),
    qysds: incomeTaxMethod(company),
    jzsy: profitCarryMethod(company),
    isOld: period?.isOld ?? false,
    settleStatus: String(period?.settleStatus ?? 0),
  };
}

function userOf(u: UserAccess): UserInfoUser {
  return {
    userId: u.id,
    username: u.username,
    cnName: u.cnName,
    orgName: u.orgName,
    orgId: u.orgId,
    tel: u.tel,
    img: u.img,
    isAdmin: u.isAdmin,
    isLeader: u.isLeader,
    isManage: u.isAdmin || u.primaryRouting.includes('管理设置'),
    userType: u.userType,
    groupId: u.groupId,
    primaryRouting: u.primaryRouting,
    sysButton: u.sysButton,
    taxApp: u.taxApp,
    // Users fixed to one company are not modelled yet: nobody is.
    fromComId: 0,
    autoStatus: u.factoryActive ? 1 : 0,
    disCode: '',
  };
}

/** Whether the session may switch identities: its original user (or the user itself) is an enabled main account. */
export async function originIsMainAccount(tx: Tx, a: AuthContext): Promise<boolean> {
  const originId = a.session.originUserId ?? a.userId;
  if (originId === a.userId) return a.user.isAdmin;
  const origin = await findUser(tx, { orgId: a.orgId, userId: originId });
  return !!origin && origin.isAdmin && origin.status === 1;
}

/** userInfo (spec 000 §7): who the user is, what they may open, and the company window's state. */
export async function buildUserInfo(db: Db, a: AuthContext, input: UserInfoInput): Promise<UserInfoData> {
  const u = a.user;
  const roleName: RoleName = input.roleName ?? 'etax';
  if (roleName === 'accountBook' && !input.company) throw badRequest('请先选择公司');

  return withTenant(db, a.orgId, async (tx) => {
    const mainOrigin = await originIsMainAccount(tx, a);
    // Spec 000 §8: a staff account nobody has granted anything. A main account acting as that user keeps
    // its session so it can switch back.
    const switched = a.session.originUserId !== null && a.session.originUserId !== a.userId;
    if (!u.isAdmin && u.roles.length === 0 && u.primaryRouting.length === 0 && !(switched && mainOrigin)) {
      throw forbidden(M.noPermissionAskMain);
    }

    const users = mainOrigin ? await switchCandidates(tx, { orgId: a.orgId, exceptUserId: a.userId }) : [];
    let comInfo: ComInfo | null = null;
    if (input.company) {
      // Same calendar catch-up as the period list, so the picked period is one the period picker shows.
      await catchUpPeriods(tx, input.company, currentPeriod(input.now));
      const periods = await companyPeriodsDesc(tx, { orgId: a.orgId, companyId: input.company.id });
      comInfo = comInfoOf(input.company, pickPeriod(periods, input.period));
    }

    const module = currentModule(u);
    let indexPath: string;
    let model: string;
    if (roleName === 'accountBook') {
      indexPath = ACCOUNT_BOOK_INDEX;
      model = input.model || (comInfo?.isOld ? '历史' : '正常');
    } else if (roleName === 'automaticBook') {
      indexPath = AUTOMATIC_BOOK_INDEX;
      model = input.model || AUTOMATIC_BOOK_MODEL;
    } else {
      indexPath = (module && findModule(module)?.indexPath) || HOME_PATH;
      // A module name no longer granted (roles changed since) falls back with indexPath to the current module.
      const sessionModel = findModule(a.session.model) && a.session.model !== module ? undefined : a.session.model;
      model = input.model || sessionModel || module || DEFAULT_MODULE;
    }

    const modules: ModuleEntry[] = modulesFor(u.primaryRouting).map(({ name, indexPath: path, icon }) => ({ name, indexPath: path, icon }));
    return {
      user: userOf(u),
      users,
      comInfo,
      roles: u.roles,
      routes: filterRoutes(ROUTE_CATALOGUE, { roles: u.roles, taxApp: u.taxApp, orgId: a.orgId }),
      modules,
      model,
      indexPath,
      roleName,
    };
  });
}
