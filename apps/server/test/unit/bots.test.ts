/** Videoconference bots: the services' join addresses, the manager's bookkeeping and the resource watchdog. */
import { describe, expect, it } from 'vitest';
import { recogniseMeetingUrl } from '@palabre/shared';
import { loopbackIngestUrl } from '../../src/bots/ingest-address.ts';
import { captionText, hasCapacity } from '../../src/bots/manager.ts';
import { cpuPercentBetween, overLimit, parseStat, treeOf, trimSamples } from '../../src/bots/process-tree.ts';
import { proxyArgs } from '../../src/bots/runner/browser.ts';
import { isManagerMessage, isRunnerMessage } from '../../src/bots/runner/protocol.ts';
import { bigBlueButtonJoinUrl } from '../../src/bots/services/bigbluebutton.ts';
import { generic } from '../../src/bots/services/generic.ts';
import { meetingService } from '../../src/bots/services/index.ts';
import { jitsi, jitsiHash } from '../../src/bots/services/jitsi.ts';

/** The URL-hash settings of a Jitsi address, decoded. */
function hashSettings(url: string): Record<string, unknown> {
  const hash = new URL(url).hash.replace(/^#/, '');
  return Object.fromEntries(
    hash.split('&').map((pair) => {
      const [key, value] = pair.split('=');
      return [key!, JSON.parse(decodeURIComponent(value!))];
    }),
  );
}

describe('Jitsi Meet', () => {
  it('joins without the pre-join page, muted, under the display name', () => {
    const url = jitsi.joinUrl('https://meet.jit.si/PalabreWeekly', 'Palabre captions');
    expect(url.startsWith('https://meet.jit.si/PalabreWeekly#')).toBe(true);
    expect(hashSettings(url)).toMatchObject({
      'config.prejoinConfig.enabled': false,
      'config.prejoinPageEnabled': false,
      'config.startWithAudioMuted': true,
      'config.startWithVideoMuted': true,
      'userInfo.displayName': 'Palabre captions',
    });
  });

  it('keeps the settings of the link, the bot’s after them, and encodes names safely', () => {
    const url = jitsi.joinUrl('https://meet.example.org/Room?jwt=abc#config.subject=%22Weekly%22', 'Sous-titres & "co"');
    expect(new URL(url).searchParams.get('jwt')).toBe('abc');
    const settings = hashSettings(url);
    expect(settings['config.subject']).toBe('Weekly');
    expect(settings['userInfo.displayName']).toBe('Sous-titres & "co"');
    expect(new URL(url).hash.indexOf('config.subject')).toBeLessThan(new URL(url).hash.indexOf('userInfo.displayName'));
    expect(jitsiHash('A')).not.toContain('"');
  });
});

describe('BigBlueButton', () => {
  it('opens the join link as it is, the bot’s name where the link carries one', () => {
    expect(bigBlueButtonJoinUrl('https://bbb.example.org/b/ali-x7k-2pq', 'Palabre captions')).toBe('https://bbb.example.org/b/ali-x7k-2pq');
    const api = new URL(bigBlueButtonJoinUrl('https://bbb.example.org/bigbluebutton/api/join?fullName=Guest&meetingID=m1&checksum=c', 'Palabre captions'));
    expect(api.searchParams.get('fullName')).toBe('Palabre captions');
    expect(api.searchParams.get('meetingID')).toBe('m1');
    expect(api.searchParams.get('checksum')).toBe('c');
  });

  it('posts captions to the chat; a generic page takes none', () => {
    expect(meetingService('bigbluebutton', 'Palabre captions').postCaption).not.toBeNull();
    expect(meetingService('jitsi', 'Palabre captions').postCaption).not.toBeNull();
    expect(meetingService('generic', 'Palabre captions').postCaption).toBeNull();
  });
});

describe('generic pages', () => {
  it('opens the address as given', () => {
    expect(generic.joinUrl('https://video.example.org/call/42?x=1#y', 'Palabre captions')).toBe('https://video.example.org/call/42?x=1#y');
  });

  it('are what an address of no known service is recognised as', () => {
    expect(recogniseMeetingUrl('https://video.example.org/call/42')?.service).toBe('generic');
    expect(recogniseMeetingUrl('https://meet.jit.si/Room')?.service).toBe('jitsi');
    expect(recogniseMeetingUrl('https://bbb.example.org/b/ali-x7k-2pq')?.service).toBe('bigbluebutton');
  });
});

describe('bot manager bookkeeping', () => {
  it('counts bots running and being created against the maximum', () => {
    expect(hasCapacity(0, 0, 2)).toBe(true);
    expect(hasCapacity(1, 0, 2)).toBe(true);
    expect(hasCapacity(1, 1, 2)).toBe(false);
    expect(hasCapacity(2, 0, 2)).toBe(false);
    expect(hasCapacity(0, 0, 0)).toBe(false);
  });

  it('posts a final in the bot’s language: its text, else its translation, else nothing', () => {
    const final = { text: 'ask not what your country can do for you', language: 'en', translations: { fr: 'ne demandez pas' } };
    expect(captionText(final, 'en')).toBe('ask not what your country can do for you');
    expect(captionText(final, 'fr')).toBe('ne demandez pas');
    expect(captionText(final, 'de')).toBeNull();
    expect(captionText({ ...final, text: '  ' }, 'en')).toBeNull();
  });

  it('tells the messages of each side apart', () => {
    expect(isRunnerMessage({ type: 'in_call' })).toBe(true);
    expect(isRunnerMessage({ type: 'left', error: 'alone', failed: false })).toBe(true);
    expect(isRunnerMessage({ type: 'leave' })).toBe(false);
    expect(isRunnerMessage(null)).toBe(false);
    expect(isManagerMessage({ type: 'caption', text: 'hello' })).toBe(true);
    expect(isManagerMessage({ type: 'in_call' })).toBe(false);
  });

  it('sends audio to the ingest on the server’s own loopback address', () => {
    expect(loopbackIngestUrl({ address: '0.0.0.0', family: 'IPv4', port: 8080 })).toBe('ws://127.0.0.1:8080/cm-api/live/ingest');
    expect(loopbackIngestUrl({ address: '::', family: 'IPv6', port: 8080 })).toBe('ws://[::1]:8080/cm-api/live/ingest');
    expect(loopbackIngestUrl({ address: '127.0.0.1', family: 'IPv4', port: 4000 })).toBe('ws://127.0.0.1:4000/cm-api/live/ingest');
    expect(loopbackIngestUrl(null)).toBeNull();
  });

  it('sends every connection of Chromium, loopback included, through the policy proxy', () => {
    expect(proxyArgs('http://127.0.0.1:4321')).toEqual(['--proxy-server=http://127.0.0.1:4321', '--proxy-bypass-list=<-loopback>']);
  });
});

describe('resource watchdog', () => {
  const limits = { memoryMb: 1024, cpuPercent: 150, cpuWindowMs: 60_000 };
  const MB = 1024 * 1024;
  /** A sample every 5 s using `cores` of CPU. */
  const steady = (seconds: number, cores: number, memoryMb = 300) =>
    Array.from({ length: seconds / 5 + 1 }, (_, i) => ({ at: i * 5000, cpuSeconds: i * 5 * cores, memoryBytes: memoryMb * MB }));

  it('stops a tree above its memory at once', () => {
    expect(overLimit([{ at: 0, cpuSeconds: 0, memoryBytes: 1025 * MB }], limits)).toBe('memory');
    expect(overLimit([{ at: 0, cpuSeconds: 0, memoryBytes: 1024 * MB }], limits)).toBeNull();
  });

  it('judges CPU over a full minute only', () => {
    // Two cores for 55 s: not a full window yet.
    expect(overLimit(steady(55, 2), limits)).toBeNull();
    expect(overLimit(steady(60, 2), limits)).toBe('cpu');
    expect(overLimit(steady(120, 1.4), limits)).toBeNull();
    expect(overLimit(steady(120, 1.6), limits)).toBe('cpu');
  });

  it('averages a burst over the window', () => {
    // A start-up burst of 3 cores for 10 s, then 0.5 core: under 150 % over the last minute.
    const samples = [];
    let cpu = 0;
    for (let t = 0; t <= 90; t += 5) {
      samples.push({ at: t * 1000, cpuSeconds: cpu, memoryBytes: 400 * MB });
      cpu += 5 * (t < 10 ? 3 : 0.5);
    }
    expect(overLimit(samples, limits)).toBeNull();
    expect(cpuPercentBetween(samples[0]!, samples[2]!)).toBe(300);
  });

  it('never counts the time of ended processes as negative use', () => {
    expect(cpuPercentBetween({ at: 0, cpuSeconds: 50 }, { at: 60_000, cpuSeconds: 10 })).toBe(0);
  });

  it('keeps only the samples a decision needs', () => {
    const samples = steady(120, 1);
    const kept = trimSamples(samples, 60_000);
    expect(kept[0]!.at).toBe(60_000);
    expect(kept.at(-1)!.at).toBe(120_000);
    expect(overLimit(kept, limits)).toBe(overLimit(samples, limits));
  });
});

describe('process tree', () => {
  it('reads a /proc stat line whose command holds spaces and parentheses', () => {
    const fields = ['S', '41', ...Array.from({ length: 9 }, () => '0'), '120', '30', '5', '5', ...Array.from({ length: 6 }, () => '0'), '2500'];
    const stat = parseStat(`4242 (chromium (renderer) x) ${fields.join(' ')}`);
    expect(stat).toEqual({ pid: 4242, ppid: 41, cpuTicks: 160, rssPages: 2500 });
    expect(parseStat('garbage')).toBeNull();
  });

  it('finds every descendant of the root, and nothing else', () => {
    const stats = [
      { pid: 10, ppid: 1 },
      { pid: 11, ppid: 10 },
      { pid: 12, ppid: 11 },
      { pid: 13, ppid: 11 },
      { pid: 20, ppid: 1 },
      { pid: 21, ppid: 20 },
    ];
    expect(treeOf(10, stats).sort()).toEqual([10, 11, 12, 13]);
    expect(treeOf(21, stats)).toEqual([21]);
  });
});
