export * from './messages';
export * from './mobile';
export * from './password';
