/** The projects area: its statuses and its calls. */
export * from './operations';
export * from './statuses';
export * from './forms';
export * from './lifecycle';
export * from './regions';
