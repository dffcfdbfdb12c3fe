export * from './operations';
export * from './config-values';
