/**
 * Invoice collection at the tax bureau (发票采集): the platform asks the bureau for a company's invoices of a period,
 * the bureau accepts (or refuses, e.g. not authorized) and after a while hands the invoices over. The platform never
 * knows whether it talks to the bureau or the simulator.
 */

export interface CollectionCompany {
  id: number;
  taxNo: string;
  name: string;
  /** '1' small-scale taxpayer, '2' general taxpayer. */
  taxpayerType: string;
  /** Tax-bureau authorization state (1 = authorized and online). */
  keepStatus: number;
}

export interface CollectionRequest {
  orgId: number;
  reqNo: string;
  company: CollectionCompany;
  /** 1 进项, 2 销项, 3 both. */
  direction: 1 | 2 | 3;
  period: string;
  /** Today ('YYYY-MM-DD'): the bureau holds no invoice dated later. */
  asOf?: string;
}

export interface CollectedLine {
  /** `*简称*名称` as printed on the invoice. */
  goodsName: string;
  spec: string;
  unit: string;
  count: string;
  price: string;
  amountFen: number;
  rateBp: number;
  taxFen: number;
}

export interface CollectedInvoice {
  direction: 1 | 2;
  /** Product type key (packages/domain/src/invoices/invoice-types.ts). */
  typeCode: string;
  invoiceCode: string;
  invoiceNumber: string;
  invoiceDate: string;
  counterpartyName: string;
  counterpartyTaxNo: string;
  /** Incoming deductible invoices: 1 勾选/认证 done at the bureau, else 0. */
  certStatus: 0 | 1;
  lines: CollectedLine[];
}

export type CollectionSubmitAnswer = { ok: true; readyAt: Date } | { ok: false; msg: string };
export type CollectionFetchAnswer = { ok: true; invoices: CollectedInvoice[] } | { ok: false; msg: string };

export interface InvoiceCollectionGateway {
  readonly name: string;
  /** Hands the request to the bureau; answers when its invoices will be ready, or the bureau's refusal. */
  submit(req: CollectionRequest, now: Date): Promise<CollectionSubmitAnswer>;
  /** The invoices once ready (the caller waits until readyAt). */
  fetch(req: CollectionRequest): Promise<CollectionFetchAnswer>;
}
