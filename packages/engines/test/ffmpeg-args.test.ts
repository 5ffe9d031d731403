import { describe, expect, it } from 'vitest';
import { extractChannelArgs, fileArg, parseProbe, parseProgress, peaksArgs, probeArgs, progressFraction, toEnginePcmArgs, toWebRenditionArgs } from '../src/media/ffmpeg.ts';
import { isEngineError } from '../src/errors.ts';

const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('argument builders', () => {
  it('pass paths as file: URLs so they are never options or other protocols', () => {
    expect(fileArg('-y')).toBe('file:-y');
    expect(fileArg('http://example.com/x.mp3')).toBe('file:http://example.com/x.mp3');
    const whitelists = ['-protocol_whitelist', 'file', '-format_whitelist', 'wav,w64,avi,mp3,aac,ogg,flac,mov,aiff,amr,caf,au,matroska,asf,mpeg,mpegts,rm,flv'];
    expect(probeArgs('/media/a b.mp3')).toEqual([
      '-hide_banner',
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      ...whitelists,
      '-i',
      'file:/media/a b.mp3',
    ]);
    // The demuxer the file's first bytes name is forced, before its -i.
    expect(probeArgs({ path: '/media/a.ogg', demuxer: 'ogg' }).slice(-4)).toEqual(['-f', 'ogg', '-i', 'file:/media/a.ogg']);
    const pcm = toEnginePcmArgs({ path: 'in.mkv', demuxer: 'matroska' }, 'out.wav');
    expect(pcm.slice(pcm.indexOf('-protocol_whitelist'), pcm.indexOf('-i') + 2)).toEqual([...whitelists, '-f', 'matroska', '-i', 'file:in.mkv']);
    expect(() => fileArg('')).toThrow();
  });

  it('engine PCM is 16 kHz mono s16le WAV, first audio stream unless told, progress on fd 3', () => {
    const args = toEnginePcmArgs('in.mp3', 'out.wav');
    expect(after(args, '-i')).toBe('file:in.mp3');
    expect(after(args, '-map')).toBe('0:a:0');
    expect(after(args, '-ac')).toBe('1');
    expect(after(args, '-ar')).toBe('16000');
    expect(after(args, '-c:a')).toBe('pcm_s16le');
    expect(after(args, '-f')).toBe('wav');
    expect(after(args, '-progress')).toBe('pipe:3');
    expect(args).toContain('-nostdin');
    expect(args.at(-1)).toBe('file:out.wav');
    expect(after(toEnginePcmArgs('in.mkv', 'out.wav', { audioStreamIndex: 3 }), '-map')).toBe('0:3');
  });

  it('web rendition is AAC in MP4 with faststart, mono kept mono, more than two channels downmixed', () => {
    const stereo = toWebRenditionArgs('in.wav', 'out.m4a');
    expect(after(stereo, '-c:a')).toBe('aac');
    expect(after(stereo, '-movflags')).toBe('+faststart');
    expect(after(stereo, '-f')).toBe('mp4');
    expect(after(stereo, '-ac')).toBe('2');
    expect(after(stereo, '-b:a')).toBe('128k');
    expect(after(toWebRenditionArgs('in.wav', 'o.m4a', { sourceChannels: 1 }), '-ac')).toBe('1');
    expect(after(toWebRenditionArgs('in.wav', 'o.m4a', { sourceChannels: 6 }), '-ac')).toBe('2');
  });

  it('extracts one channel with a pan filter', () => {
    const args = extractChannelArgs('in.wav', 'right.wav', 1);
    expect(after(args, '-af')).toBe('pan=mono|c0=c1');
    expect(after(args, '-ar')).toBe('16000');
    expect(() => extractChannelArgs('in.wav', 'o.wav', -1)).toThrow(RangeError);
    expect(() => extractChannelArgs('in.wav', 'o.wav', 1.5)).toThrow(RangeError);
  });

  it('peaks decode raw PCM to stdout', () => {
    const args = peaksArgs('in.mp3');
    expect(after(args, '-f')).toBe('s16le');
    expect(args.at(-1)).toBe('pipe:1');
    expect(after(args, '-progress')).toBe('pipe:3');
  });
});

describe('parseProbe', () => {
  const mp3WithCover = {
    streams: [
      { index: 0, codec_type: 'audio', codec_name: 'mp3', channels: 2, sample_rate: '44100', duration: '60.029388' },
      { index: 1, codec_type: 'video', codec_name: 'mjpeg', disposition: { attached_pic: 1 } },
    ],
    format: { format_name: 'mp3', duration: '60.029388' },
  };

  it('reads duration, format and audio streams; cover art is not video', () => {
    expect(parseProbe(JSON.stringify(mp3WithCover))).toEqual({
      durationSeconds: 60.029388,
      format: 'mp3',
      audioStreams: [{ index: 0, codec: 'mp3', channels: 2, sampleRate: 44100 }],
      hasVideo: false,
      video: null,
    });
  });

  it('detects real video and falls back to stream durations', () => {
    const info = parseProbe({
      streams: [
        { index: 0, codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080, pix_fmt: 'yuv420p', duration: '12.5' },
        { index: 1, codec_type: 'audio', codec_name: 'aac', channels: 6, sample_rate: '48000', duration: '12.48' },
        { index: 2, codec_type: 'audio', codec_name: 'opus', channels: 2, sample_rate: '48000' },
      ],
      format: { format_name: 'matroska,webm' },
    });
    expect(info.hasVideo).toBe(true);
    expect(info.video).toEqual({ index: 0, codec: 'h264', width: 1920, height: 1080, pixelFormat: 'yuv420p' });
    expect(info.durationSeconds).toBe(12.5);
    expect(info.audioStreams.map((s) => s.index)).toEqual([1, 2]);
  });

  it('rejects a file without audio with a typed error', () => {
    let caught: unknown;
    try {
      parseProbe({ streams: [{ index: 0, codec_type: 'video', codec_name: 'png' }], format: { format_name: 'png_pipe' } });
    } catch (error) {
      caught = error;
    }
    expect(isEngineError(caught, 'media_no_audio')).toBe(true);
    expect(() => parseProbe({ format: {} })).toThrow(/no audio/);
  });

  it('rejects output that is not ffprobe JSON', () => {
    expect(() => parseProbe('not json')).toThrow(expect.objectContaining({ code: 'media_unreadable' }));
    expect(() => parseProbe({ streams: 'x' })).toThrow(expect.objectContaining({ code: 'media_unreadable' }));
  });
});

describe('parseProgress', () => {
  const block = (outTimeUs: string, progress: string, speed = '42.1x') =>
    `bitrate=N/A\ntotal_size=1024\nout_time_us=${outTimeUs}\nout_time_ms=${outTimeUs}\nout_time=00:00:01.500000\ndup_frames=0\nspeed=${speed}\nprogress=${progress}\n`;

  it('parses complete reports and keeps the incomplete rest', () => {
    const text = block('1500000', 'continue') + block('3000000', 'end') + 'bitrate=N/A\nout_ti';
    const { reports, rest } = parseProgress(text);
    expect(reports).toEqual([
      { outTimeSeconds: 1.5, speed: 42.1, done: false },
      { outTimeSeconds: 3, speed: 42.1, done: true },
    ]);
    expect(rest).toBe('bitrate=N/A\nout_ti');
  });

  it('joins reports split across chunks', () => {
    const text = block('2000000', 'continue');
    const first = parseProgress(text.slice(0, 30));
    expect(first.reports).toEqual([]);
    const second = parseProgress(first.rest + text.slice(30));
    expect(second.reports[0]?.outTimeSeconds).toBe(2);
  });

  it('treats N/A and negative times as unknown and reads HH:MM:SS when microseconds are absent', () => {
    expect(parseProgress('out_time_us=N/A\nout_time=N/A\nspeed=N/A\nprogress=continue\n').reports[0]).toEqual({
      outTimeSeconds: null,
      speed: null,
      done: false,
    });
    expect(parseProgress('out_time_us=-9223372036854775807\nprogress=continue\n').reports[0]?.outTimeSeconds).toBeNull();
    expect(parseProgress('out_time=01:02:03.250000\r\nprogress=continue\r\n').reports[0]?.outTimeSeconds).toBe(3723.25);
  });

  it('turns reports into fractions', () => {
    expect(progressFraction({ outTimeSeconds: 15, speed: null, done: false }, 60)).toBe(0.25);
    expect(progressFraction({ outTimeSeconds: 90, speed: null, done: false }, 60)).toBe(1);
    expect(progressFraction({ outTimeSeconds: 15, speed: null, done: false }, null)).toBeNull();
    expect(progressFraction({ outTimeSeconds: null, speed: null, done: true }, null)).toBe(1);
  });
});
