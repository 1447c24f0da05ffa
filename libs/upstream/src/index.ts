export * from './upstream';
export * from './cache';
export * from './governor';
export * from './shared-governor';
export * from './redact';
export * from './fixtures';
export * from './replay';
export * from './address-ranges';
