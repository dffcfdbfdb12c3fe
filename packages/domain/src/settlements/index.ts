export * from './fees';
export * from './tax';
