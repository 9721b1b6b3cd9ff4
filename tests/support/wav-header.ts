/** A 44-byte canonical WAV header for mono audio, which may lie about its size or format on purpose. */
export function wavHeader(dataBytes: number, rate = 16_000, format = 1, bits = 16): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE((36 + dataBytes) >>> 0, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(format, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate >>> 0, 24);
  header.writeUInt32LE((rate * 2) >>> 0, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(bits, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes >>> 0, 40);
  return header;
}

/** A canonical mono WAV of these 16-bit samples. */
export function wavOf(pcm: Buffer, rate = 16_000): Buffer {
  return Buffer.concat([wavHeader(pcm.length, rate), pcm]);
}

/** The samples of a canonical WAV (the bytes after its `data` chunk header). */
export function pcmOfWav(wav: Buffer): Buffer {
  return wav.subarray(wav.indexOf('data', 12) + 8);
}
