/** Ledger domain: money, capital Chinese, code scheme, charts, voucher rules, balances, statements, closing math. */
export * from './ledger-types';
export * from './money';
export * from './capital-chinese';
export * from './code-scheme';
export * from './chart-data';
export * from './chart';
export * from './voucher-rules';
export * from './balances';
export * from './movements';
export * from './statement-definitions';
export * from './statements';
export * from './closing-subjects';
export * from './carry-forward';
export * from './surtax';
