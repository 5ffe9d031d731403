import { describe, expect, it } from 'vitest';
import { movedOffset } from './caret.ts';

describe('movedOffset', () => {
  it('keeps a caret before the change where it is', () => {
    expect(movedOffset('Hello world', 'Hello brave world', 3)).toBe(3);
  });

  it('moves a caret after the change by what was added or removed', () => {
    expect(movedOffset('Hello world', 'Hello brave world', 9)).toBe(15);
    expect(movedOffset('Hello brave world', 'Hello world', 15)).toBe(9);
  });

  it('puts a caret inside a replaced stretch at its end', () => {
    expect(movedOffset('Hello world', 'Hello there', 8)).toBe(11);
  });

  it('leaves it alone when nothing changed', () => {
    expect(movedOffset('same', 'same', 2)).toBe(2);
  });
});
