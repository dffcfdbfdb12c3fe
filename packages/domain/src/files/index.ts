export * from './operations';
export * from './schemas';
