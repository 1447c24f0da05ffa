export * from './memo-payment';
export * from './toll-client';
