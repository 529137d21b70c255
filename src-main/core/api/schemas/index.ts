// Every schema of the API layer: tolerant readers for what the service sends, strict writers for what we send.
export * from './asset';
export * from './events';
export * from './job';
export * from './jobList';
export * from './labels';
export * from './router';
export * from './tolerant';
export * from './v1';
export * from './v1Socket';
export * from './writers';
