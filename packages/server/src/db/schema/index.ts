export * from './access';
export * from './auth';
export * from './files';
export * from './projects';
export * from './system';
export * from './tenancy';
