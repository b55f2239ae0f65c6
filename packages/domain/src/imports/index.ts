/** Generic import dialog rules (spec 001 generic import dialog, §5, §8, §9) and per-row import messages. */
export * from './import-rules';
export * from './row-errors';
