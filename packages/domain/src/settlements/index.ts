export * from './fees';
export * from './tax';
export * from './lifecycle';
export * from './operations';
export * from './statuses';
export * from './documents';
export * from './report';
