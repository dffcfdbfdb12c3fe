/** The staff area: platform-side accounts and roles. */
export * from './operations';
