export * from './data-source-options';
export * from './embedded-postgres';
export * from './migrations';
