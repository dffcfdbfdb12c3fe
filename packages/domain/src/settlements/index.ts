export * from './fees';
export * from './tax';
export * from './lifecycle';
