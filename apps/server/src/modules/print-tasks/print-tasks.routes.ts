import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PRINT_TASK_DOWNLOAD_PATH,
  exportCompanyListBody,
  exportOperationLogBody,
  printTaskDeleteBody,
  printTaskDownloadQuery,
  printTaskListBody,
} from '@dzy/domain/contracts/print-tasks.contract';
import type { AppDeps } from '../../app';
import { withTenant } from '../../db/tenant';
import { ok, unauthorized } from '../../http/envelope';
import { auth } from '../../http/request-context';
import { appJobRunner } from '../../jobs/job-runner';
import { loadUserAccess } from '../users/user-access';
import { deletePrintTaskRows, exportCompanyList, exportOperationLog, exportsDirectory, openPrintTaskFile, printTaskList, registerPrintTaskJobs } from './print-tasks.service';

export function registerPrintTaskRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['print-task'];
  const exportsDir = exportsDirectory(deps.config.dataDir);
  const runner = appJobRunner(app, deps.database);
  registerPrintTaskJobs(runner, db, exportsDir, deps.now, (e) => app.log.error(e));

  r.post(
    '/api/v2/printTask/list',
    {
      schema: {
        body: printTaskListBody,
        tags,
        summary: '下载任务列表',
        description: '本人的下载任务，新的在前；likeField 按文件名或公司名模糊匹配；返回 data{data,total}。status 0 排队中、1 生成中、2 已生成、3 失败、4 部分成功，errLog 为失败原因，filePath 仅 2、4 有值。',
      },
    },
    async (req) => ok(await printTaskList(db, auth(req), req.body)),
  );

  r.post(
    '/api/v2/printTask/delete',
    { schema: { body: printTaskDeleteBody, tags, summary: '删除下载任务', description: '删除本人的下载任务及其文件；有一条不存在则全部不删除。' } },
    async (req) => ok(await deletePrintTaskRows(db, auth(req), req.body, exportsDir)),
  );

  r.post(
    '/api/v2/printTask/exportCompanyList',
    {
      schema: {
        body: exportCompanyListBody,
        tags,
        summary: '导出客户列表',
        description: '后台生成 Excel（记账客户页的列：公司名称、纳税人识别号、纳税人类型、所属地区、建账期间、当前期间、结账状态、状态、服务人员），在下载任务中查看。',
      },
    },
    async (req) => ok(await exportCompanyList(db, runner, auth(req), req.body, deps.now())),
  );

  r.post(
    '/api/v2/printTask/exportOperationLog',
    {
      schema: {
        body: exportOperationLogBody,
        tags,
        summary: '导出操作日志',
        description:
          '后台生成 Excel：不选公司时一个工作表；选公司时每家公司一个工作表，生成时无权查看的公司该表失败并记入 errLog，其余照常生成（部分成功）。非主账号只导出本人的操作。',
      },
    },
    async (req) => ok(await exportOperationLog(db, runner, auth(req), req.body, deps.now())),
  );

  // A plain link (a browser download cannot send the Token header), so the token comes in the query; only the
  // task's owner gets the file. Outside /api/v2 because that prefix requires the header.
  r.get(
    PRINT_TASK_DOWNLOAD_PATH,
    {
      schema: {
        querystring: printTaskDownloadQuery,
        tags,
        summary: '下载文件',
        description: 'GET，参数 id 与 token（登录令牌，放在地址中以便直接作为下载链接）；仅本人的、状态为 2 或 4 的任务可下载，并记录下载时间。',
      },
    },
    async (req, reply) => {
      const session = await deps.sessions.resolve(req.query.token);
      const user = await withTenant(db, session.orgId, (tx) => loadUserAccess(tx, { orgId: session.orgId, userId: session.userId }));
      if (!user || user.status !== 1) throw unauthorized();
      const file = await openPrintTaskFile(db, { orgId: session.orgId, userId: session.userId, cnName: user.cnName }, req.query.id, exportsDir, deps.now());
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('Cache-Control', 'no-store')
        .header('Referrer-Policy', 'no-referrer')
        .send(file.stream());
    },
  );
}
