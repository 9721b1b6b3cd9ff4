/** The speech recognition API wire contract, shared by the client and the local service. */
export * from './audio-formats';
export * from './codes';
export * from './d-codec';
export * from './engines';
export * from './key-validity';
export * from './key-addresses';
export * from './profile-words';
export * from './recognition';
export * from './recognition-settings';
export * from './rest';
export * from './result';
export * from './realtime-protocol';
