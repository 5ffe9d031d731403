import { describe, expect, it } from 'vitest';
import { editingPlayerShortcut, playerShortcut } from './shortcuts.ts';

const key = (k: string, modifiers: Partial<{ shiftKey: boolean; altKey: boolean; ctrlKey: boolean; metaKey: boolean; repeat: boolean }> = {}) => ({
  key: k,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...modifiers,
});

describe('playerShortcut', () => {
  it('plays and pauses with Space or K', () => {
    expect(playerShortcut(key(' '), 'other')).toEqual({ kind: 'toggle' });
    expect(playerShortcut(key('k'), 'other')).toEqual({ kind: 'toggle' });
    expect(playerShortcut(key('K', { shiftKey: true }), 'control')).toEqual({ kind: 'toggle' });
  });

  it('leaves Space to a focused button, link or checkbox', () => {
    expect(playerShortcut(key(' '), 'control')).toBeNull();
  });

  it('does nothing while typing', () => {
    for (const k of [' ', 'k', 'j', 'l']) expect(playerShortcut(key(k), 'typing')).toBeNull();
    expect(playerShortcut(key('ArrowLeft', { ctrlKey: true }), 'typing')).toBeNull();
  });

  it('jumps 10 s with J and L, and 3, 10, 60 s with Shift, Alt, Ctrl and the arrows', () => {
    expect(playerShortcut(key('j'), 'other')).toEqual({ kind: 'jump', seconds: -10 });
    expect(playerShortcut(key('l'), 'control')).toEqual({ kind: 'jump', seconds: 10 });
    expect(playerShortcut(key('ArrowLeft', { shiftKey: true }), 'other')).toEqual({ kind: 'jump', seconds: -3 });
    expect(playerShortcut(key('ArrowRight', { altKey: true }), 'control')).toEqual({ kind: 'jump', seconds: 10 });
    expect(playerShortcut(key('ArrowRight', { ctrlKey: true }), 'other')).toEqual({ kind: 'jump', seconds: 60 });
  });

  it('leaves plain arrows (moving between words) and browser shortcuts alone', () => {
    expect(playerShortcut(key('ArrowLeft'), 'other')).toBeNull();
    expect(playerShortcut(key('k', { ctrlKey: true }), 'other')).toBeNull();
    expect(playerShortcut(key('l', { metaKey: true }), 'other')).toBeNull();
  });

  it('toggles once while a key is held down', () => {
    expect(playerShortcut(key(' ', { repeat: true }), 'other')).toBeNull();
    expect(playerShortcut(key('k', { repeat: true }), 'other')).toBeNull();
  });
});

describe('editingPlayerShortcut', () => {
  it('keeps the jumps, plays and pauses with Ctrl+Space and replays with Ctrl+Shift+Space while typing', () => {
    expect(editingPlayerShortcut(key('ArrowLeft', { shiftKey: true }))).toEqual({ kind: 'jump', seconds: -3 });
    expect(editingPlayerShortcut(key('ArrowRight', { altKey: true }))).toEqual({ kind: 'jump', seconds: 10 });
    expect(editingPlayerShortcut(key('ArrowLeft', { ctrlKey: true }))).toEqual({ kind: 'jump', seconds: -60 });
    expect(editingPlayerShortcut(key(' ', { ctrlKey: true }))).toEqual({ kind: 'toggle' });
    expect(editingPlayerShortcut(key(' ', { ctrlKey: true, shiftKey: true }))).toEqual({ kind: 'replay' });
  });

  it('leaves letters, Space and plain arrows to the text', () => {
    for (const k of [' ', 'k', 'j', 'l', 'ArrowLeft', 'ArrowRight']) expect(editingPlayerShortcut(key(k))).toBeNull();
    expect(editingPlayerShortcut(key(' ', { ctrlKey: true, repeat: true }))).toBeNull();
  });
});
