/**
 * Enterprises: the info view (decision 0027), the service-fee change (decision 0035), the bank cards
 * (decision 0037), the authentication (decision 0038), the tags (decision 0039) and the paying
 * sub-accounts (decision 0047).
 */
export * from './bank-cards';
export * from './fees';
export * from './operations';
export * from './owner';
export * from './tags';
export * from './accounts';
export * from './own';
export * from './pay-accounts';
