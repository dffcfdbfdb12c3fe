export * from './access';
export * from './auth';
export * from './layouts';
export * from './projects';
export * from './sensitive-words';
export * from './system';
export * from './tenancy';
