export * from './amounts';
export * from './networks';
export * from './headers';
export * from './memo';
export * from './challenge';
export * from './balance-auth';
export * from './payer-proof';
export * from './balance-guide';
