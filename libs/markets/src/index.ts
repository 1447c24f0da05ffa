export * from './decimal';
export * from './etf/distribution';
export * from './etf/source-options';
export * from './etf/nasdaq';
export * from './etf/polygon';
export * from './sec/archive';
export * from './sec/fundamentals';
export * from './sec/sec-edgar';
