export * from './doc.ts';
export * from './operations.ts';
export * from './projection.ts';
