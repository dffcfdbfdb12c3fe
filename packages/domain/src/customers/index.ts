/** Customer verification (decision 0027) and the review list (decision 0030). */
export * from './list';
export * from './operations';
