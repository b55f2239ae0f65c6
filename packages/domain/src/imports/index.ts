/** Generic import dialog rules (spec 001 generic import dialog, §5, §8, §9) and per-row import messages. */
export * from './import-rules';
export * from './row-errors';
export * from './import-templates';
export * from './import-cells';
export * from './sheet-mapping';
export * from './invoice-import-rows';
export * from './asset-import-rows';
