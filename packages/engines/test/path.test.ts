import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findOnPath, findSharedLibrary } from '../src/path.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-path-'));
const first = path.join(root, 'first');
const second = path.join(root, 'second');
fs.mkdirSync(first);
fs.mkdirSync(second);
fs.writeFileSync(path.join(first, 'tool'), 'not executable', { mode: 0o644 });
fs.writeFileSync(path.join(second, 'tool'), '#!/bin/sh\n', { mode: 0o755 });

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('findOnPath', () => {
  it('gives the first executable of that name, skipping files that cannot run', () => {
    expect(findOnPath('tool', [first, second].join(path.delimiter))).toBe(path.join(second, 'tool'));
  });

  it('gives null when no folder holds it, and ignores empty entries', () => {
    expect(findOnPath('missing-tool', [first, '', second].join(path.delimiter))).toBeNull();
    expect(findOnPath('tool', '')).toBeNull();
  });

  it('checks a name with a slash as a path', () => {
    expect(findOnPath(path.join(second, 'tool'), '')).toBe(path.join(second, 'tool'));
    expect(findOnPath(path.join(first, 'tool'), second)).toBeNull();
  });
});

describe('findSharedLibrary', () => {
  it('looks in LD_LIBRARY_PATH folders first, then the system folders', () => {
    fs.writeFileSync(path.join(second, 'libexample.so.1'), '');
    expect(findSharedLibrary('libexample.so.1', [first, second].join(path.delimiter))).toBe(path.join(second, 'libexample.so.1'));
    expect(findSharedLibrary('libnothing-like-this.so.9', first)).toBeNull();
  });

  it('finds the C library where the system keeps it, and takes only a name, never a path', () => {
    expect(findSharedLibrary('libc.so.6', '')).not.toBeNull();
    expect(findSharedLibrary(path.join('..', '..', 'etc', 'libexample.so.1'), second)).toBe(path.join(second, 'libexample.so.1'));
  });
});
