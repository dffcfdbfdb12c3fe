/** Enterprises: the info view (decision 0027) and the service-fee change (decision 0035). */
export * from './fees';
export * from './operations';
