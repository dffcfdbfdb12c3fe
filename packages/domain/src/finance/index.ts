export * from './operations';
export * from './statuses';
export * from './top-up-return';
export * from './proof';
