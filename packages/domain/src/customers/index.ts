/** Customer verification (decision 0027). */
export * from './operations';
