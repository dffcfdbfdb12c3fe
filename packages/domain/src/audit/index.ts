/** The audit log and login log screens' calls. */
export * from './operations';
export * from './login-log';
