export * from './orgs.schema';
export * from './users.schema';
export * from './companies.schema';
export * from './audit.schema';
export * from './ledger.schema';
export * from './jobs.schema';
