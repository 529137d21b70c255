// Media generators for the simulator's outputs: real files that any viewer or player opens.
export { makePng } from './png';
export { makeWav, WAV_SAMPLE_RATE } from './wav';
export { makeWebm } from './webm';
export { makeLatent, LATENT_MAGIC } from './latent';
