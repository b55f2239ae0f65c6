/** Invoice rules: type catalogue, VAT rates, line arithmetic, duplicates, ticket arrival status (spec 001 §4, §8). */
export * from './invoice-types';
export * from './vat-rates';
export * from './invoice-math';
export * from './invoice-duplicates';
export * from './ticket-status';
