/** 商品和服务税收分类编码: code structure, the tree (built-in top + full table), smart coding, goods rates. */
export * from './tax-code';
export * from './classification-table';
export * from './smart-coding';
export * from './goods-rates';
