import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headerDuration, mpegFrameAt, sniffContainer } from '../../../../shared/api/audio-sniff';
import { CONTAINERS } from '../../../../shared/api/media-formats';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('sniffContainer', () => {
  it.each([
    // MPEG-1 Layer III without and with CRC, MPEG-2 and MPEG-2.5 Layer III: MP3.
    [[0xff, 0xfb, 0x90, 0x64], 'mp3'],
    [[0xff, 0xfa, 0x90, 0x64], 'mp3'],
    [[0xff, 0xf3, 0x64, 0xc4], 'mp3'],
    [[0xff, 0xe3, 0x18, 0xc4], 'mp3'],
    // MPEG-1 Layer II (what ffmpeg's mp2 encoder writes) and Layer I: not MP3.
    [[0xff, 0xfd, 0xe0, 0xc4], 'mp2'],
    [[0xff, 0xff, 0x90, 0x64], 'mp2'],
    // AAC in ADTS has the same 12 sync bits and layer 00.
    [[0xff, 0xf1, 0x60, 0x40], undefined],
    [[0xff, 0xf9, 0x60, 0x40], undefined],
    // Reserved version, bad bitrate, reserved sample rate.
    [[0xff, 0xeb, 0x90, 0x64], undefined],
    [[0xff, 0xfb, 0xf0, 0x64], undefined],
    [[0xff, 0xfb, 0x9c, 0x64], undefined],
  ])('%j is %s', (header, expected) => {
    expect(sniffContainer(bytes(...header, 0, 0, 0, 0))).toBe(expected);
  });

  it('reads containers by their magic', () => {
    const text = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
    expect(sniffContainer(text('RIFF\0\0\0\0WAVEfmt '))).toBe('wav');
    expect(sniffContainer(text('fLaC\0\0\0\x22'))).toBe('flac');
    expect(sniffContainer(text('OggS\0\x02'))).toBe('ogg');
    expect(sniffContainer(text('\0\0\0\x20ftypM4A '))).toBe('mp4');
    expect(sniffContainer(bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f))).toBe('webm');
    expect(sniffContainer(text('RIFF\0\0\0\0AVI LIST'))).toBeUndefined();
    expect(sniffContainer(text('\0\0\0\x08wide\0\0\0\0mdat'))).toBe('mp4');
    expect(sniffContainer(text('FORM\0\0\0\0AIFFCOMM'))).toBe('aiff');
    expect(sniffContainer(text('FORM\0\0\0\0AIFCFVER'))).toBe('aiff');
    expect(sniffContainer(text('FORM\0\0\0\0ILBMBMHD'))).toBeUndefined();
    expect(sniffContainer(text('#!AMR\n'))).toBe('amr');
    expect(sniffContainer(text('#!AMR-WB\n'))).toBe('amr');
    expect(sniffContainer(bytes(0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6))).toBe('asf');
    expect(sniffContainer(text('This is a text file with a .wav name'))).toBeUndefined();
  });

  it('takes AAC in ADTS frames whose length leads to the next header, and nothing less', () => {
    // A 16-byte frame (length field 16), then the next frame's header.
    const frame = [0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc, ...Array(9).fill(0)];
    expect(sniffContainer(bytes(...frame, ...frame))).toBe('aac');
    expect(sniffContainer(bytes(...frame.slice(0, 7)))).toBe('aac');
    // The next header is not there: not ADTS.
    expect(sniffContainer(bytes(...frame, ...Array(16).fill(0x41)))).toBeUndefined();
    // A reserved sampling-frequency index (13–15).
    expect(sniffContainer(bytes(0xff, 0xf1, 0x74, 0x80, 0x02, 0x1f, 0xfc))).toBeUndefined();
    // Header-less audio (c=…) is never taken for a frame.
    expect(sniffContainer(bytes(...frame), { frameSync: false })).toBeUndefined();
  });

  it('looks past an ID3 tag to tell MP3 from MP2, and takes an ID3 file it cannot see into as MP3', () => {
    const tag = (frame: number[]) =>
      bytes(...[0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 2], 0, 0, ...frame);
    expect(sniffContainer(tag([0xff, 0xfb, 0x90, 0x64]))).toBe('mp3');
    expect(sniffContainer(tag([0xff, 0xfd, 0xe0, 0xc4]))).toBe('mp2');
    expect(sniffContainer(bytes(0x49, 0x44, 0x33, 4, 0, 0, 0, 0x7f, 0x7f, 0x7f))).toBe('mp3');
  });

  it('never takes a bare frame header for MPEG audio when told not to (header-less PCM)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 4, maxLength: 64 }), (head) => {
        head[0] = 0xff;
        expect(sniffContainer(head, { frameSync: false })).toBeUndefined();
      }),
    );
  });

  it('is total: any bytes, any length, give a container or undefined', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (head) => {
        const container = sniffContainer(head);
        // Every container it can name (the list grew with AAC, AIFF, ASF and AMR: a fixed list
        // here failed on the rare random head that is an ADTS frame).
        expect([undefined, ...CONTAINERS]).toContain(container);
      }),
    );
  });

  it('names the layer from bits 1-2 of the second byte, whatever the other bits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0x1f }),
        fc.integer({ min: 0, max: 0xff }),
        (low, b2) => {
          const b1 = 0xe0 | low;
          const frame = mpegFrameAt(bytes(0xff, b1, b2, 0));
          const layerBits = (b1 >> 1) & 3;
          if (frame) expect(frame.layer).toBe(4 - layerBits);
          else
            expect(
              layerBits === 0 || ((b1 >> 3) & 3) === 1 || b2 >> 4 === 15 || ((b2 >> 2) & 3) === 3,
            ).toBe(true);
        },
      ),
    );
  });
});

describe('headerDuration', () => {
  /** A WAV header with an extra chunk before the data. */
  function wav(byteRate: number, dataSize: number): Uint8Array {
    const b = new DataView(new ArrayBuffer(64));
    const put = (at: number, s: string) =>
      [...s].forEach((c, i) => b.setUint8(at + i, c.charCodeAt(0)));
    put(0, 'RIFF');
    put(8, 'WAVEfmt ');
    b.setUint32(16, 16, true);
    b.setUint16(20, 1, true);
    b.setUint32(28, byteRate, true);
    put(36, 'LIST');
    b.setUint32(40, 4, true);
    put(48, 'data');
    b.setUint32(52, dataSize, true);
    return new Uint8Array(b.buffer);
  }

  it('is the data size over the byte rate for WAV, and unknown for streamed WAV', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400_000 }),
        fc.integer({ min: 1, max: 0xffff_fffe }),
        (byteRate, size) => {
          expect(headerDuration(wav(byteRate, size))).toBeCloseTo(size / byteRate, 9);
        },
      ),
    );
    expect(headerDuration(wav(32_000, 0xffff_ffff))).toBeUndefined();
    expect(headerDuration(wav(32_000, 0))).toBeUndefined();
  });

  it('is total samples over the rate for FLAC', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 655_350 }),
        fc.integer({ min: 1, max: 2 ** 36 - 1 }),
        (rate, total) => {
          const b = new Uint8Array(42);
          b.set([0x66, 0x4c, 0x61, 0x43, 0x80, 0, 0, 34]);
          b[18] = rate >> 12;
          b[19] = (rate >> 4) & 0xff;
          b[20] = ((rate & 0xf) << 4) | 0x0;
          b[21] = 0xf0 | Math.floor(total / 2 ** 32);
          new DataView(b.buffer).setUint32(22, total % 2 ** 32, false);
          expect(headerDuration(b)).toBeCloseTo(total / rate, 6);
        },
      ),
    );
  });

  it('is unknown for containers without a length in their first bytes', () => {
    expect(headerDuration(bytes(0xff, 0xfb, 0x90, 0x64))).toBeUndefined();
    expect(headerDuration(Uint8Array.from('OggS\0\x02', (c) => c.charCodeAt(0)))).toBeUndefined();
  });
});
