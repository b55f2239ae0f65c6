/** Bank statement import rules (spec 001 bank statement import dialog, §3, §4 period modes, §5 rules). */
export * from './bank-statement-types';
export * from './statement-cells';
export * from './column-mapping';
export * from './bank-statement-parser';
export * from './statement-lines';
export * from './pdf-statement-table';
export * from './business-type-rules';
