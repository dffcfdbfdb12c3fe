/** The audit log screen's call. */
export * from './operations';
