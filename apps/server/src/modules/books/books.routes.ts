import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bankJournalBody,
  cashJournalBody,
  detailLedgerBody,
  fzhsBalanceBody,
  fzhsDetailBody,
  generalLedgerBody,
  journalBody,
  subjectBalanceBody,
} from '@dzy/domain/contracts/books.contract';
import type { AppDeps } from '../../app';
import type { Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { ok } from '../../http/envelope';
import { auth, requireCompany } from '../../http/request-context';
import type { CompanyKey } from './balances.repo';
import { fzhsBalance, fzhsDetail } from './fzhs-books.service';
import { bankJournal, cashJournal, detailLedger, journal } from './ledger.service';
import { generalLedger, subjectBalance } from './subject-balance.service';

export function registerBookRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['book'];
  /** Read in one tenant transaction for the ComId company. */
  const read = <T>(req: FastifyRequest, fn: (tx: Tx, k: CompanyKey) => Promise<T>) => {
    const k = { orgId: auth(req).orgId, companyId: requireCompany(req).id };
    return withTenant(db, k.orgId, (tx) => fn(tx, k));
  };
  const amounts = '金额为元字符串（如 "1234.50"）。';

  r.post(
    '/api/v2/book/subjectBalance',
    {
      schema: {
        body: subjectBalanceBody,
        tags,
        summary: '科目余额表',
        description: `期初 = 期初余额 + 开始期间前的发生额；本期 = 期间内发生额；本年累计 = 结束期间所在年度1月起的发生额（建账当年含期初录入的本年累计）。按级次汇总到上级科目，total 为一级科目合计。${amounts}`,
      },
    },
    async (req) => ok(await read(req, (tx, k) => subjectBalance(tx, k, req.body))),
  );

  r.post(
    '/api/v2/book/generalLedger',
    { schema: { body: generalLedgerBody, tags, summary: '总账', description: `每个一级科目：期初余额，各期本期合计、本年累计及余额方向。${amounts}` } },
    async (req) => ok(await read(req, (tx, k) => generalLedger(tx, k, req.body))),
  );

  r.post(
    '/api/v2/book/detailLedger',
    { schema: { body: detailLedgerBody, tags, summary: '明细账', description: `一个科目（含下级，可限定辅助核算项目）：期初余额、逐笔分录及余额、各期本期合计与本年累计。${amounts}` } },
    async (req) => ok(await read(req, (tx, k) => detailLedger(tx, k, req.body))),
  );

  r.post(
    '/api/v2/book/journal',
    { schema: { body: journalBody, tags, summary: '序时账', description: `期间内全部分录按日期排序，分页；debitSum/creditSum 为全部匹配分录合计。${amounts}` } },
    async (req) => ok(await read(req, (tx, k) => journal(tx, k, req.body))),
  );

  r.post(
    '/api/v2/book/fzhsBalance',
    { schema: { body: fzhsBalanceBody, tags, summary: '辅助核算余额表', description: `按辅助核算类别，每个项目、科目一行。${amounts}` } },
    async (req) => ok(await read(req, (tx, k) => fzhsBalance(tx, k, req.body))),
  );

  r.post(
    '/api/v2/book/fzhsDetail',
    { schema: { body: fzhsDetailBody, tags, summary: '辅助核算明细账', description: `一个辅助核算项目的逐笔分录与余额。${amounts}` } },
    async (req) => ok(await read(req, (tx, k) => fzhsDetail(tx, k, req.body))),
  );

  r.post(
    '/api/v2/book/cashJournal',
    { schema: { body: cashJournalBody, tags, summary: '现金日记账', description: `库存现金（1001，含明细）逐笔收支、对方科目与余额；accounts 为可选明细科目。${amounts}` } },
    async (req) => ok(await read(req, (tx, k) => cashJournal(tx, k, req.body))),
  );

  r.post(
    '/api/v2/book/bankJournal',
    { schema: { body: bankJournalBody, tags, summary: '银行日记账', description: `银行存款（1002，可选某一银行账户）逐笔收支、对方科目与余额。${amounts}` } },
    async (req) => ok(await read(req, (tx, k) => bankJournal(tx, k, req.body))),
  );
}
