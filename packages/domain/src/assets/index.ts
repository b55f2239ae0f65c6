/** Fixed assets, intangible assets and long-term deferred expenses (spec 002 asset dialog, §3, §5, §9). */
export * from './asset-catalogue';
export * from './depreciation';
export * from './asset-form';
export * from './asset-changes';
