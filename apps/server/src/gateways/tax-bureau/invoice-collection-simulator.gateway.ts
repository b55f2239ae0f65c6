/**
 * Invoice-collection SIMULATOR (default): no bureau is reachable from a self-hosted install, so the invoices a
 * company "has" at the bureau are generated deterministically from its tax number, the period and the direction —
 * the same request always returns the same invoices, so a second collection finds only duplicates.
 * - refuses when the company is not authorized and online (keepStatus ≠ 1);
 * - the bureau needs a few seconds (latencySeconds + 0–4 s from the request), reported as readyAt;
 * - 数电专票 / 数电普票 with 20-digit numbers and no code; counterparties with valid 18-character credit codes;
 *   goods names written `*简称*名称`; rates valid for the issuer (a small-scale issuer 1% or 3%, a general one
 *   13% / 9% / 6% by the goods); tax = amount × rate by the domain VAT arithmetic; amount = count × price exactly;
 * - incoming 专票 of a general taxpayer are mostly 勾选/认证 already (certStatus 1).
 */
import { generateCreditCode, seededRandom } from '@dzy/domain/company/credit-code';
import { invoiceType } from '@dzy/domain/invoices/invoice-types';
import { taxOf } from '@dzy/domain/invoices/invoice-math';
import type { CollectedInvoice, CollectedLine, CollectionRequest, InvoiceCollectionGateway } from './invoice-collection.gateway';

export const SIMULATOR_UNAUTHORIZED = '税局未授权或登录已失效，请先完成税局授权';

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

type RateKind = 'goods' | 'transport' | 'service';
interface Goods {
  name: string;
  unit: string;
  /** Unit price range in fen. */
  price: [number, number];
  kind: RateKind;
}

const GOODS: readonly Goods[] = [
  { name: '*纸制品*A4复印纸', unit: '箱', price: [12000, 26000], kind: 'goods' },
  { name: '*电子计算机*笔记本电脑', unit: '台', price: [350000, 820000], kind: 'goods' },
  { name: '*计算机外部设备*激光打印机', unit: '台', price: [90000, 260000], kind: 'goods' },
  { name: '*家具*办公桌椅', unit: '套', price: [60000, 180000], kind: 'goods' },
  { name: '*五金制品*不锈钢紧固件', unit: '千件', price: [8000, 30000], kind: 'goods' },
  { name: '*塑料制品*包装周转箱', unit: '个', price: [1500, 6000], kind: 'goods' },
  { name: '*服装*工作服', unit: '套', price: [8000, 20000], kind: 'goods' },
  { name: '*日用杂品*清洁用品', unit: '批', price: [20000, 80000], kind: 'goods' },
  { name: '*运输服务*国内道路货物运输服务', unit: '次', price: [50000, 600000], kind: 'transport' },
  { name: '*信息技术服务*软件维护服务', unit: '项', price: [200000, 1500000], kind: 'service' },
  { name: '*经纪代理服务*咨询服务费', unit: '项', price: [100000, 900000], kind: 'service' },
  { name: '*广告服务*广告发布费', unit: '项', price: [150000, 1200000], kind: 'service' },
  { name: '*餐饮服务*餐饮费', unit: '次', price: [30000, 250000], kind: 'service' },
  { name: '*设计服务*平面设计服务', unit: '项', price: [100000, 800000], kind: 'service' },
];

const GENERAL_RATE: Record<RateKind, number> = { goods: 1300, transport: 900, service: 600 };

const CITIES: readonly { name: string; region: string }[] = [
  { name: '北京', region: '110105' },
  { name: '上海', region: '310115' },
  { name: '深圳', region: '440305' },
  { name: '杭州', region: '330106' },
  { name: '广州', region: '440106' },
  { name: '成都', region: '510107' },
  { name: '苏州', region: '320505' },
  { name: '武汉', region: '420106' },
];
const WORDS = ['恒通', '嘉禾', '瑞丰', '华信', '远航', '联创', '盛世', '宏达', '蓝海', '鼎新', '中和', '佳美', '鑫源', '博远'];
const TRADES = ['商贸', '科技', '物流', '文化传媒', '办公设备', '信息技术', '实业', '咨询服务'];

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
const between = (rand: () => number, lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));

interface Party {
  name: string;
  taxNo: string;
  region: string;
  /** The party as issuer: small-scale issuers charge 1% / 3%. */
  smallScale: boolean;
}

function party(rand: () => number): Party {
  const city = pick(rand, CITIES);
  const name = `${city.name}${pick(rand, WORDS)}${pick(rand, TRADES)}有限公司`;
  return { name, taxNo: generateCreditCode(rand, { region: city.region }), region: city.region, smallScale: rand() < 0.2 };
}

function daysIn(period: string): number {
  return new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(4, 6)), 0)).getUTCDate();
}

/** The day in the period, but never after asOf (the current month holds only invoices issued so far). */
function dateIn(period: string, day: number, asOf: string | undefined): string {
  const date = `${period.slice(0, 4)}-${period.slice(4, 6)}-${String(day).padStart(2, '0')}`;
  if (!asOf || asOf.slice(0, 7) !== date.slice(0, 7) || date <= asOf) return date;
  return asOf;
}

/** 数电 number: YY + 2-digit province + channel digit + 15-digit sequence. */
function digitalNumber(rand: () => number, period: string, region: string): string {
  let seq = '';
  for (let i = 0; i < 15; i++) seq += String(Math.floor(rand() * 10));
  return `${period.slice(2, 4)}${region.slice(0, 2)}2${seq}`;
}

function line(rand: () => number, issuerSmallScale: boolean, smallRate: number): CollectedLine {
  const g = pick(rand, GOODS);
  const rateBp = issuerSmallScale ? smallRate : GENERAL_RATE[g.kind];
  const priceFen = between(rand, g.price[0], g.price[1]);
  const count = g.kind === 'goods' ? between(rand, 1, 20) : 1;
  const amountFen = priceFen * count;
  return {
    goodsName: g.name,
    spec: '',
    unit: g.unit,
    count: String(count),
    price: (priceFen / 100).toFixed(2),
    amountFen,
    rateBp,
    taxFen: taxOf(amountFen, rateBp),
  };
}

function invoicesOf(req: CollectionRequest, direction: 1 | 2): CollectedInvoice[] {
  const { company, period } = req;
  const rand = seededRandom(hash(`${company.taxNo}|${period}|${direction}`));
  const count = direction === 1 ? between(rand, 3, 7) : between(rand, 2, 6);
  const parties = Array.from({ length: 4 }, () => party(rand));
  const companySmall = company.taxpayerType !== '2';
  const companyRegion = /^\d{6}$/.test(company.taxNo.slice(2, 8)) ? company.taxNo.slice(2, 8) : '110000';
  const seen = new Set<string>();
  const out: CollectedInvoice[] = [];
  for (let i = 0; i < count; i++) {
    const p = pick(rand, parties);
    const issuerSmall = direction === 2 ? companySmall : p.smallScale;
    // A small-scale issuer mostly uses the reduced 1%; some give it up for 3% (e.g. to issue 专票 at 3%).
    const smallRate = rand() < 0.8 ? 100 : 300;
    const special = rand() < (direction === 2 && companySmall ? 0.25 : 0.55);
    const typeCode = special ? '81' : '82';
    let number = digitalNumber(rand, period, direction === 2 ? companyRegion : p.region);
    while (seen.has(number)) number = digitalNumber(rand, period, p.region);
    seen.add(number);
    const lines = Array.from({ length: between(rand, 1, 3) }, () => line(rand, issuerSmall, smallRate));
    const deductible = direction === 1 && (invoiceType(typeCode)?.deductible ?? false) && !companySmall;
    out.push({
      direction,
      typeCode,
      invoiceCode: '',
      invoiceNumber: number,
      invoiceDate: dateIn(period, between(rand, 1, daysIn(period)), req.asOf),
      counterpartyName: p.name,
      counterpartyTaxNo: p.taxNo,
      certStatus: deductible && rand() < 0.7 ? 1 : 0,
      lines,
    });
  }
  return out.sort((a, b) => a.invoiceDate.localeCompare(b.invoiceDate) || a.invoiceNumber.localeCompare(b.invoiceNumber));
}

/** Everything the simulated bureau holds for a request (exported for tests and docs). */
export function simulatedCollection(req: CollectionRequest): CollectedInvoice[] {
  const dirs: (1 | 2)[] = req.direction === 3 ? [1, 2] : [req.direction];
  return dirs.flatMap((d) => invoicesOf(req, d));
}

export function createInvoiceCollectionSimulator(opts: { latencySeconds?: number } = {}): InvoiceCollectionGateway {
  const latency = Math.max(0, opts.latencySeconds ?? 3);
  const authorized = (req: CollectionRequest) => req.company.keepStatus === 1;
  return {
    name: 'invoice-collection-simulator',
    async submit(req, now) {
      if (!authorized(req)) return { ok: false, msg: SIMULATOR_UNAUTHORIZED };
      const seconds = latency + (hash(req.reqNo) % 5);
      return { ok: true, readyAt: new Date(now.getTime() + seconds * 1000) };
    },
    async fetch(req) {
      // The login may have dropped while the bureau was working.
      if (!authorized(req)) return { ok: false, msg: SIMULATOR_UNAUTHORIZED };
      return { ok: true, invoices: simulatedCollection(req) };
    },
  };
}

export type { InvoiceCollectionGateway } from './invoice-collection.gateway';
