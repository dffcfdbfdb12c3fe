export * from './api/auth';
export * from './api/envelope';
export * from './messages';
