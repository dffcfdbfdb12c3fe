export * from './operations';
export * from './statuses';
export * from './materials';
