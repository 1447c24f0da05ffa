import { FREE, perBlock } from '@toll/contracts';

// Every RPC Gateway price on one screen (spec §4.3). One payment buys a block of 1,000 requests; a batch is one
// request. A block is tied to the operation it was bought for (POST and GET are separate blocks).
export const PRICES = {
  call: perBlock('0.01', 1000),
  callGet: perBlock('0.01', 1000),
  getUpstreams: FREE,
  getHealth: FREE,
} as const;
