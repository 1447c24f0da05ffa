export * from './memo-payment';
export * from './toll-client';
export * from './toll-tool-call';
export * from './balance';
export * from './credit';
export * from './codegen';
export * from './toll-api';
export type { Operations } from './operations';
