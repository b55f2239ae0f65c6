import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';
import { registerAuthRoutes } from './auth/auth.routes';
import { registerUserRoutes } from './users/users.routes';
import { registerOrgRoutes } from './orgs/orgs.routes';
import { registerCompanyRoutes } from './companies/companies.routes';
import { registerVoucherRoutes } from './vouchers/vouchers.routes';
import { registerBookRoutes } from './books/books.routes';
import { registerReportRoutes } from './reports/reports.routes';
import { registerAccountSetRoutes } from './account-sets/account-sets.routes';
import { registerSubjectRoutes } from './subjects/subjects.routes';
import { registerFzhsRoutes } from './fzhs/fzhs.routes';
import { registerOpeningBalanceRoutes } from './opening-balances/opening-balances.routes';
import { registerSettleRoutes } from './settle/settle.routes';

/** Every feature module registers its routes here (one line each). */
export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerAuthRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerOrgRoutes(app, deps);
  registerCompanyRoutes(app, deps);
  registerVoucherRoutes(app, deps);
  registerBookRoutes(app, deps);
  registerReportRoutes(app, deps);
  registerAccountSetRoutes(app, deps);
  registerSubjectRoutes(app, deps);
  registerFzhsRoutes(app, deps);
  registerOpeningBalanceRoutes(app, deps);
  registerSettleRoutes(app, deps);
}
