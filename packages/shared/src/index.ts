export * from './constants.ts';
export * from './validation.ts';
export * from './roles.ts';
export * from './errors.ts';
export * from './contracts/common.ts';
export * from './contracts/auth.ts';
export * from './contracts/users.ts';
export * from './contracts/organizations.ts';
