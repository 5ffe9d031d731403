/**
 * The player controller shared by the controls, the waveform and the transcript or screens: wraps the
 * <audio> (or, for the subtitle editor of a video, <video>) element, publishes its time (every animation frame while playing) to subscribers, and
 * offers seek / jump. Components read it through useSyncExternalStore, with selectors, so a time
 * tick re-renders only what actually changes (e.g. the one turn whose playing word moved).
 */
import { createContext, useContext, useSyncExternalStore } from 'react';

export interface PlayerSnapshot {
  time: number;
  duration: number;
  playing: boolean;
  ready: boolean;
  error: boolean;
}

export class PlayerController {
  /** The media element playing (audio, or video). */
  audio: HTMLMediaElement | null = null;
  private snapshot: PlayerSnapshot = { time: 0, duration: 0, playing: false, ready: false, error: false };
  private listeners = new Set<() => void>();
  private frame = 0;
  private detach: (() => void) | null = null;

  private readonly fallbackDuration: number;

  constructor(fallbackDuration: number) {
    this.fallbackDuration = fallbackDuration;
    this.snapshot = { ...this.snapshot, duration: fallbackDuration };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = () => this.snapshot;

  private publish(patch: Partial<PlayerSnapshot>) {
    const next = { ...this.snapshot, ...patch };
    if (Object.entries(patch).every(([k, v]) => this.snapshot[k as keyof PlayerSnapshot] === v)) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  attach(audio: HTMLMediaElement | null) {
    this.detach?.();
    this.detach = null;
    this.audio = audio;
    if (!audio) return;
    const sync = () => {
      const duration = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : this.fallbackDuration;
      this.publish({ time: audio.currentTime, duration, playing: !audio.paused && !audio.ended });
    };
    const loop = () => {
      sync();
      if (!audio.paused) this.frame = requestAnimationFrame(loop);
    };
    const onPlay = () => {
      cancelAnimationFrame(this.frame);
      this.frame = requestAnimationFrame(loop);
      sync();
    };
    const onReady = () => {
      this.publish({ ready: true, error: false });
      sync();
    };
    const onError = () => this.publish({ error: true });
    const events: [string, () => void][] = [
      ['play', onPlay],
      ['pause', sync],
      ['ended', sync],
      ['seeked', sync],
      ['timeupdate', sync],
      ['durationchange', sync],
      ['loadedmetadata', onReady],
      ['error', onError],
    ];
    for (const [name, handler] of events) audio.addEventListener(name, handler);
    if (audio.readyState >= 1) onReady();
    this.detach = () => {
      cancelAnimationFrame(this.frame);
      for (const [name, handler] of events) audio.removeEventListener(name, handler);
    };
  }

  seek(seconds: number, play = false) {
    const audio = this.audio;
    if (!audio) return;
    const duration = this.snapshot.duration || this.fallbackDuration;
    audio.currentTime = Math.max(0, duration ? Math.min(seconds, duration) : seconds);
    this.publish({ time: audio.currentTime });
    if (play) void audio.play().catch(() => undefined);
  }

  jump(delta: number) {
    if (this.audio) this.seek(this.audio.currentTime + delta);
  }

  toggle() {
    const audio = this.audio;
    if (!audio) return;
    if (audio.paused) void audio.play().catch(() => undefined);
    else audio.pause();
  }
}

export const PlayerContext = createContext<PlayerController | null>(null);

export function usePlayer(): PlayerController {
  const player = useContext(PlayerContext);
  if (!player) throw new Error('usePlayer outside a PlayerContext');
  return player;
}

/** A slice of the player state; the component re-renders only when the slice changes. */
export function usePlayerState<T>(select: (snapshot: PlayerSnapshot) => T): T {
  const player = usePlayer();
  return useSyncExternalStore(player.subscribe, () => select(player.getSnapshot()));
}

/** docs/PRODUCT.md, Limits: ←/→ jump 3 s with Shift, 10 s with Alt, 60 s with Ctrl. */
export function jumpFor(event: { key: string; shiftKey: boolean; altKey: boolean; ctrlKey: boolean; metaKey: boolean }): number | null {
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return null;
  const size = event.ctrlKey || event.metaKey ? 60 : event.altKey ? 10 : event.shiftKey ? 3 : null;
  if (size === null) return null;
  return event.key === 'ArrowLeft' ? -size : size;
}
