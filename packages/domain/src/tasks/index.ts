/** The tasks area: statuses, the automatic audit's rules, messages and calls (decision 0017). */
export * from './statuses';
export * from './messages';
export * from './audit-rules';
export * from './sign-limits';
export * from './operations';
export * from './detail';
