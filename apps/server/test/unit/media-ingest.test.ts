/** Pure helpers of media ingest: address rules (SSRF), yt-dlp arguments, format sniffing, ranges. */
import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../src/config.ts';
import { parseRange } from '../../src/conversations/media-range.ts';
import { addressRefusal, blockListOf, classifyAddress, embeddedIpv4, parseCidr } from '../../src/net/addresses.ts';
import { ytDlpArgs } from '../../src/conversations/yt-dlp.ts';
import { containerOf } from '@palabre/engines';
import { mediaSignature, refuseUpload } from '../../src/conversations/sniff.ts';
import { channelName, extensionOf } from '../../src/conversations/upload.ts';
import { isMediaContentType } from '../../src/conversations/url-import.ts';

describe('parseCidr', () => {
  it('reads IPv4 and IPv6 ranges and single addresses', () => {
    expect(parseCidr('10.0.0.0/8')).toEqual({ address: '10.0.0.0', prefix: 8, family: 'ipv4' });
    expect(parseCidr('fd00::/8')).toEqual({ address: 'fd00::', prefix: 8, family: 'ipv6' });
    expect(parseCidr('192.168.1.10')).toEqual({ address: '192.168.1.10', prefix: 32, family: 'ipv4' });
  });
  it('refuses malformed ranges', () => {
    for (const bad of ['', '10.0.0.0/33', '::/129', '10.0.0/8', 'example.org/8', '10.0.0.0/8/1', '10.0.0.0/-1', '10.0.0.0/ 8']) {
      expect(parseCidr(bad), bad).toBeNull();
    }
  });
});

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fd12:3456::1', 'private'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:c0a8:101::1', 'private'],
    ['::127.0.0.1', 'loopback'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
  it('lets public addresses through', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(classifyAddress(address), address).toBeNull();
    }
  });
  it('reads IPv4 addresses embedded in IPv6', () => {
    expect(embeddedIpv4('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(embeddedIpv4('2002:0a00:0001::')).toBe('10.0.0.1');
    expect(embeddedIpv4('2606:4700::1111')).toBeNull();
    expect(embeddedIpv4('::1')).toBeNull();
  });
});

describe('addressRefusal', () => {
  it('refuses private addresses unless inside an allowed range', () => {
    const none = blockListOf([]);
    expect(addressRefusal('127.0.0.1', none)).toBe('loopback');
    const allowed = blockListOf(['127.0.0.0/8', 'fd00::/8']);
    expect(addressRefusal('127.0.0.1', allowed)).toBeNull();
    expect(addressRefusal('::ffff:127.0.0.1', allowed)).toBeNull();
    expect(addressRefusal('fd00::5', allowed)).toBeNull();
    expect(addressRefusal('10.0.0.1', allowed)).toBe('private');
    expect(addressRefusal('::1', allowed)).toBe('loopback');
    expect(addressRefusal('8.8.8.8', none)).toBeNull();
    expect(addressRefusal('not-an-address', allowed)).toBe('invalid');
  });
});

describe('ytDlpArgs', () => {
  it('ends the options with -- so that a URL is never read as an option', () => {
    const args = ytDlpArgs('--exec=rm -rf /', '/tmp/x/media.%(ext)s', 1000, 'http://127.0.0.1:9', 30);
    expect(args.slice(-2)).toEqual(['--', '--exec=rm -rf /']);
    expect(args.indexOf('--')).toBe(args.length - 2);
    expect(args).toEqual(expect.arrayContaining(['--no-playlist', '-f', '-o', '/tmp/x/media.%(ext)s', '--max-filesize', '1000']));
    expect(ytDlpArgs('-x', 'o', 1, 'http://127.0.0.1:9', 30).at(-1)).toBe('-x');
  });
  it('sends every connection through the given proxy, with no configuration file and no external downloader', () => {
    const args = ytDlpArgs('https://example.org/v', 'o', 1, 'http://127.0.0.1:9', 30);
    expect(args.slice(args.indexOf('--proxy'), args.indexOf('--proxy') + 2)).toEqual(['--proxy', 'http://127.0.0.1:9']);
    expect(args.slice(args.indexOf('--downloader'), args.indexOf('--downloader') + 2)).toEqual(['--downloader', 'native']);
    expect(args).toContain('--ignore-config');
  });
});

describe('upload sniffing', () => {
  const wav = Buffer.from('RIFF\x24\x08\x00\x00WAVEfmt ', 'latin1');
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  it('recognises media containers', () => {
    expect(mediaSignature(wav)).toBe('wav');
    expect(mediaSignature(Buffer.from('ID3\x04\x00', 'latin1'))).toBe('mp3');
    expect(mediaSignature(Buffer.from('OggS\x00\x02', 'latin1'))).toBe('ogg');
    expect(mediaSignature(Buffer.from('\x00\x00\x00\x20ftypisom', 'latin1'))).toBe('mp4');
    expect(mediaSignature(Buffer.from('1a45dfa3a34286', 'hex'))).toBe('matroska');
    expect(mediaSignature(Buffer.from('fffb9064', 'hex'))).toBe('mpeg-audio');
  });
  it('refuses images, documents, text, unknown bytes and empty files, whatever their declared type', () => {
    expect(refuseUpload(wav)).toBeNull();
    expect(refuseUpload(png)).toMatch(/png/);
    expect(refuseUpload(Buffer.from('%PDF-1.7'))).toMatch(/pdf/);
    expect(refuseUpload(Buffer.from('<!DOCTYPE html>'))).toMatch(/markup/);
    expect(refuseUpload(Buffer.from('hello world'))).toMatch(/not a known/);
    expect(refuseUpload(Buffer.from('\x01\x02\x03\x04'))).toMatch(/not a known/);
    expect(refuseUpload(Buffer.from('#EXTM3U\n#EXTINF:60,\n../other/original-0.mp3\n'))).toMatch(/not a known/);
    expect(refuseUpload(Buffer.from("ffconcat version 1.0\nfile '../other/original-0.mp3'\n"))).toMatch(/not a known/);
    expect(refuseUpload(Buffer.alloc(0))).toMatch(/empty/);
  });
  it('recognises the containers users upload, each with the demuxer that reads it', () => {
    const ts = Buffer.alloc(400);
    ts[0] = 0x47;
    ts[188] = 0x47;
    const m2ts = Buffer.alloc(400);
    m2ts[4] = 0x47;
    m2ts[196] = 0x47;
    const cases: Array<[Buffer, string, string | null]> = [
      [Buffer.from('RF64\xff\xff\xff\xffWAVEds64', 'latin1'), 'wav', 'wav'],
      [Buffer.from('RIFF\x00\x00\x00\x00AVI LIST', 'latin1'), 'avi', 'avi'],
      [Buffer.from('ID3\x04\x00', 'latin1'), 'mp3', null],
      [Buffer.from('fffb9064', 'hex'), 'mpeg-audio', 'mp3'],
      [Buffer.from('fff15080', 'hex'), 'mpeg-audio', 'aac'],
      [Buffer.from('fff95080', 'hex'), 'mpeg-audio', 'aac'],
      [Buffer.from('OggS\x00\x02', 'latin1'), 'ogg', 'ogg'],
      [Buffer.from('fLaC\x00\x00', 'latin1'), 'flac', 'flac'],
      [Buffer.from('\x00\x00\x00\x18ftyp3gp4', 'latin1'), 'mp4', 'mov'],
      [Buffer.from('\x00\x00\x00\x14ftypqt  ', 'latin1'), 'mp4', 'mov'],
      [Buffer.from('1a45dfa3a34286', 'hex'), 'matroska', 'matroska'],
      [Buffer.from('3026b2758e66cf11', 'hex'), 'asf', 'asf'],
      [Buffer.from('#!AMR\n', 'latin1'), 'amr', 'amr'],
      [Buffer.from('#!AMR-WB\n', 'latin1'), 'amr', 'amr'],
      [Buffer.from('caff\x00\x01', 'latin1'), 'caf', 'caf'],
      [Buffer.from('FORM\x00\x00\x00\x00AIFC', 'latin1'), 'aiff', 'aiff'],
      [Buffer.from('000001ba44000400', 'hex'), 'mpeg-ps', 'mpeg'],
      [ts, 'mpeg-ts', 'mpegts'],
      [m2ts, 'mpeg-ts', 'mpegts'],
    ];
    for (const [head, name, demuxer] of cases) expect(containerOf(head), name).toEqual({ name, demuxer });
  });
  it('names channels and keys from file names', () => {
    expect(extensionOf('Talk.WAV')).toBe('.wav');
    expect(extensionOf('../../etc/passwd')).toBe('');
    expect(extensionOf('a.we ird')).toBe('');
    expect(channelName(0, ['Alice'], 'x.wav')).toBe('Alice');
    expect(channelName(1, ['Alice'], 'bob.wav')).toBe('bob');
    expect(channelName(2, undefined, '')).toBe('Track 3');
  });
  it('tells media content types from pages', () => {
    expect(isMediaContentType('audio/mpeg')).toBe(true);
    expect(isMediaContentType('video/mp4; codecs=avc1')).toBe(true);
    expect(isMediaContentType('application/octet-stream')).toBe(true);
    expect(isMediaContentType('text/html; charset=utf-8')).toBe(false);
    expect(isMediaContentType(undefined)).toBe(false);
  });
});

describe('parseRange', () => {
  const size = 1000;
  it('reads single ranges', () => {
    expect(parseRange(undefined, size)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-99', size)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=900-', size)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseRange('bytes=-100', size)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseRange('bytes=-5000', size)).toEqual({ kind: 'partial', start: 0, end: 999 });
    expect(parseRange('bytes=990-5000', size)).toEqual({ kind: 'partial', start: 990, end: 999 });
    expect(parseRange('bytes=0-1,5-6', size)).toEqual({ kind: 'full' });
  });
  it('answers unsatisfiable for ranges outside the file or malformed', () => {
    for (const header of ['bytes=1000-', 'bytes=5-1', 'bytes=-0', 'bytes=-', 'bytes=a-b', 'lines=1-2', 'bytes 0-1']) {
      expect(parseRange(header, size), header).toEqual({ kind: 'unsatisfiable' });
    }
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('media configuration', () => {
  it('defaults to 1 GB, no allowed ranges, one hour', () => {
    const config = loadConfig({});
    expect(config.maxUploadBytes).toBe(1024 ** 3);
    expect(config.outboundAllowedRanges).toEqual([]);
    expect(config.mediaImportTimeoutMs).toBe(3_600_000);
  });
  it('reads and validates MEDIA_IMPORT_ALLOWED_RANGES and MAX_UPLOAD_BYTES', () => {
    expect(loadConfig({ MEDIA_IMPORT_ALLOWED_RANGES: '127.0.0.0/8, fd00::/8 192.168.1.7' }).outboundAllowedRanges).toEqual(['127.0.0.0/8', 'fd00::/8', '192.168.1.7']);
    expect(() => loadConfig({ MEDIA_IMPORT_ALLOWED_RANGES: '10.0.0.0/40' })).toThrow(ConfigError);
    expect(() => loadConfig({ MEDIA_IMPORT_ALLOWED_RANGES: 'intranet' })).toThrow(/MEDIA_IMPORT_ALLOWED_RANGES/);
    expect(loadConfig({ MAX_UPLOAD_BYTES: '1000' }).maxUploadBytes).toBe(1000);
    expect(() => loadConfig({ MAX_UPLOAD_BYTES: String(2 * 1024 ** 3) })).toThrow(ConfigError);
  });
});
