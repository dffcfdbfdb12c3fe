/** Enterprises: the read-only info view (decision 0027). */
export * from './operations';
