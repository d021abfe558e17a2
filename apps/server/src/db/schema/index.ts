export * from './users';
export * from './settings';
export * from './ingredients';
export * from './menu';
export * from './tables';
export * from './orders';
export * from './ingredient-history';
export * from './sales';
