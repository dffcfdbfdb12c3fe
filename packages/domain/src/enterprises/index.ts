/** Enterprises: the info view (decision 0027) the service-fee change (decision 0035) and the bank cards (decision 0037). */
export * from './bank-cards';
export * from './fees';
export * from './operations';
