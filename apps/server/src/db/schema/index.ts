export * from './users';
export * from './settings';
