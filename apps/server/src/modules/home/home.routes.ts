import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { indexEtax2Body, indexEtax3Body, indexEtaxCompaniesBody } from '@dzy/domain/contracts/home.contract';
import type { AppDeps } from '../../app';
import { ok } from '../../http/envelope';
import { auth } from '../../http/request-context';
import { indexEtax2, indexEtax3, indexEtaxCompanies } from './home.service';

export function registerHomeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['home'];

  r.post(
    '/api/v2/home/indexEtax2',
    {
      schema: {
        body: indexEtax2Body,
        tags,
        summary: '工作台统计',
        description:
          '当前用户可见客户（主账号全部、组长本组、员工本人负责的）在该期间的统计：comCount 全部可见客户；其余只计服务中客户——countTotal 总数，countEmpower 税局在线（总数减掉线），countEmpower3 掉线（keepStatus 3），keepStatusCount 已授权（keepStatus 1/10），curentStart/shebaoCurentStart 本期已启动报税/社保任务，countDj*/countSk*/countSb* 三项确认（Wks 未开始 Jxz 进行中 Ywc 已完成），tax*/gs*/gd*/social* 申报与扣款结果。',
      },
    },
    async (req) => ok(await indexEtax2(db, auth(req), req.body)),
  );

  r.post(
    '/api/v2/home/indexEtax3',
    {
      schema: {
        body: indexEtax3Body,
        tags,
        summary: '工作台问候',
        description: 'apartTime 用户创建至今的天数；day 该期间所在月的申报截止日（申报纳税日历）；daysLeft 当期且未过截止日时的剩余天数，否则为 null。',
      },
    },
    async (req) => ok(indexEtax3(auth(req), req.body, deps.now())),
  );

  r.post(
    '/api/v2/home/indexEtaxCompanies',
    { schema: { body: indexEtaxCompaniesBody, tags, summary: '工作台统计明细', description: '某一统计项（field 为 indexEtax2 的字段名）背后的公司列表，分页（limit 最多200）。' } },
    async (req) => ok(await indexEtaxCompanies(db, auth(req), req.body)),
  );
}
