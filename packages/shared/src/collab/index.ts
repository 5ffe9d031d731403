export * from './doc.ts';
export * from './operations.ts';
