// A real RIFF/WAVE file (PCM, 16-bit, mono) for the simulator's audio outputs and the Router's audio model.
// A sine with short fades, so playing it in the app gives a clean tone instead of clicks.

const SAMPLE_RATE = 24_000;
const BITS_PER_SAMPLE = 16;
const FADE_SECONDS = 0.01;
/** Ten minutes: far beyond any simulated output, and a bound on memory if a caller passes nonsense. */
const MAX_DURATION_MS = 600_000;

export function makeWav(durationMs: number, frequencyHz: number): Buffer {
  if (!Number.isFinite(durationMs) || durationMs < 0 || durationMs > MAX_DURATION_MS) {
    throw new RangeError(`WAV duration must be 0..${MAX_DURATION_MS} ms, got ${durationMs}`);
  }
  if (!Number.isFinite(frequencyHz) || frequencyHz <= 0 || frequencyHz >= SAMPLE_RATE / 2) {
    throw new RangeError(`WAV frequency must be between 0 and ${SAMPLE_RATE / 2} Hz, got ${frequencyHz}`);
  }
  const sampleCount = Math.round((durationMs / 1000) * SAMPLE_RATE);
  const blockAlign = BITS_PER_SAMPLE / 8;
  const dataBytes = sampleCount * blockAlign;
  const out = Buffer.alloc(44 + dataBytes);

  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'latin1');
  out.write('fmt ', 12, 'latin1');
  out.writeUInt32LE(16, 16); // fmt chunk size for PCM
  out.writeUInt16LE(1, 20); // audio format: PCM
  out.writeUInt16LE(1, 22); // channels
  out.writeUInt32LE(SAMPLE_RATE, 24);
  out.writeUInt32LE(SAMPLE_RATE * blockAlign, 28); // byte rate
  out.writeUInt16LE(blockAlign, 32);
  out.writeUInt16LE(BITS_PER_SAMPLE, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(dataBytes, 40);

  const fadeSamples = Math.max(1, Math.round(FADE_SECONDS * SAMPLE_RATE));
  for (let i = 0; i < sampleCount; i++) {
    const envelope = Math.min(1, i / fadeSamples, (sampleCount - 1 - i) / fadeSamples);
    const value = Math.sin((2 * Math.PI * frequencyHz * i) / SAMPLE_RATE) * 0.5 * Math.max(0, envelope);
    out.writeInt16LE(Math.round(value * 32767), 44 + i * blockAlign);
  }
  return out;
}

export const WAV_SAMPLE_RATE = SAMPLE_RATE;
