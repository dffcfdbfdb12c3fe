export * from './operations';
export * from './statuses';
