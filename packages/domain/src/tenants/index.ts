/** The tenants area: names for selects and list columns, and the operator's tenant screen (平台管理). */
export * from './admin-operations';
export * from './operations';
