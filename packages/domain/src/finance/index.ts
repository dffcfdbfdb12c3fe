export * from './operations';
export * from './proof';
export * from './statuses';
export * from './top-up-return';
export * from './withdrawals';
