export * from './constants.ts';
export * from './roles.ts';
export * from './locales.ts';
export * from './routes.ts';
export * from './messages.ts';
export * from './hierarchy.ts';
export * from './schemas/common.ts';
export * from './schemas/user-management.ts';
