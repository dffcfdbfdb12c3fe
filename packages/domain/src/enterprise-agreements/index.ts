/** Enterprise agreements, their e-signing and the agreement templates (decision 0040). */
export * from './content';
export * from './operations';
export * from './templates';
