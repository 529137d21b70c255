// An audio thumbnail: the waveform of a WAV file's PCM samples, drawn as raw RGBA (sharp encodes it). Only
// RIFF/WAVE with integer PCM (8, 16, 24 or 32 bit) or 32-bit float is read: those are plain samples. MP3,
// FLAC and Ogg would need a decoder Loupe does not carry, so they get no waveform (the route says so).

export const WAVE_WIDTH = 384;
export const WAVE_HEIGHT = 96;

interface WavFormat {
  format: number;
  channels: number;
  bits: number;
  data: Buffer;
}

/** The PCM of a WAV file, or null when it is not one Loupe reads. */
export function readWav(bytes: Buffer): WavFormat | null {
  if (
    bytes.length < 12 ||
    bytes.toString('ascii', 0, 4) !== 'RIFF' ||
    bytes.toString('ascii', 8, 12) !== 'WAVE'
  )
    return null;
  let fmt: Omit<WavFormat, 'data'> | null = null;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= bytes.length) {
      let format = bytes.readUInt16LE(body);
      // WAVE_FORMAT_EXTENSIBLE: the real format is the sub-format GUID's first two bytes.
      if (format === 0xfffe && size >= 26 && body + 26 <= bytes.length)
        format = bytes.readUInt16LE(body + 24);
      fmt = { format, channels: bytes.readUInt16LE(body + 2), bits: bytes.readUInt16LE(body + 14) };
    } else if (id === 'data' && fmt !== null) {
      return { ...fmt, data: bytes.subarray(body, Math.min(bytes.length, body + size)) };
    }
    at = body + size + (size % 2);
  }
  return null;
}

function sampleReader(format: WavFormat): ((data: Buffer, offset: number) => number) | null {
  if (format.format === 3 && format.bits === 32) return (d, o) => d.readFloatLE(o);
  if (format.format !== 1) return null;
  switch (format.bits) {
    case 8:
      return (d, o) => (d.readUInt8(o) - 128) / 128;
    case 16:
      return (d, o) => d.readInt16LE(o) / 32768;
    case 24:
      return (d, o) => d.readIntLE(o, 3) / 8388608;
    case 32:
      return (d, o) => d.readInt32LE(o) / 2147483648;
    default:
      return null;
  }
}

/** RGBA pixels of the waveform (the first channel's min and max per column), or null for unread audio. */
export function drawWaveform(bytes: Buffer): Buffer | null {
  const wav = readWav(bytes);
  if (wav === null || wav.channels < 1) return null;
  const read = sampleReader(wav);
  if (read === null) return null;
  const frameBytes = (wav.bits / 8) * wav.channels;
  const frames = Math.floor(wav.data.length / frameBytes);
  const pixels = Buffer.alloc(WAVE_WIDTH * WAVE_HEIGHT * 4);
  for (let i = 0; i < pixels.length; i += 4) pixels.set([28, 30, 34, 255], i);
  if (frames === 0) return pixels;
  const mid = WAVE_HEIGHT / 2;
  for (let x = 0; x < WAVE_WIDTH; x += 1) {
    const from = Math.floor((x * frames) / WAVE_WIDTH);
    const to = Math.max(from + 1, Math.floor(((x + 1) * frames) / WAVE_WIDTH));
    // At most 2,000 samples per column: enough for the shape, bounded for an hour of audio.
    const step = Math.max(1, Math.floor((to - from) / 2000));
    let low = 0;
    let high = 0;
    for (let f = from; f < to && f < frames; f += step) {
      const value = read(wav.data, f * frameBytes);
      low = Math.min(low, value);
      high = Math.max(high, value);
    }
    const top = Math.max(0, Math.floor(mid - high * mid));
    const bottom = Math.min(WAVE_HEIGHT - 1, Math.ceil(mid - low * mid));
    for (let y = top; y <= bottom; y += 1) pixels.set([96, 165, 250, 255], (y * WAVE_WIDTH + x) * 4);
  }
  return pixels;
}
