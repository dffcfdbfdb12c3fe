/** The members area: enterprise member accounts (decision 0023). */
export * from './operations';
