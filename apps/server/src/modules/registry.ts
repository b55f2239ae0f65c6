import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';
import { registerAuthRoutes } from './auth/auth.routes';
import { registerUserRoutes } from './users/users.routes';
import { registerOrgRoutes } from './orgs/orgs.routes';
import { registerCompanyRoutes } from './companies/companies.routes';

/** Every feature module registers its routes here (one line each). */
export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerAuthRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerOrgRoutes(app, deps);
  registerCompanyRoutes(app, deps);
}
