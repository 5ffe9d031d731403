/** Transcript format version 1 (docs/transcript-format.md): schema, invariants, text and timing rules. */
export * from './schema.ts';
export * from './text.ts';
export * from './timing.ts';
