// TRON full-node HTTP API (TronGrid) — https://developers.tron.network/reference/full-node-api-overview
// All calls are POST with a JSON body and `visible: true` (base58 addresses in and out). Keyless TronGrid is
// throttled per IP (403 and a 30 s penalty when exceeded); a free TRON-PRO-API-KEY raises it to about 15 QPS.
// Odd shapes: getchainparameters omits `value` when a parameter is 0; getaccount answers {} for an address that was
// never activated; getaccountresource omits every counter that is 0; triggerconstantcontract reports a revert as
// HTTP 200 with result.result false (or absent) and a hex-encoded message. TRON_NODE_URLS are tried in order.
import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { TronConfig } from '../config';
import { addressWord, uintWord } from '../tron-address';

const count = z.number().int().nonnegative().default(0);
const ChainParameters = z.object({
  chainParameter: z.array(z.object({ key: z.string(), value: z.number().int().optional() })),
});
const Account = z.object({ address: z.string().optional(), create_time: z.number().optional() }).passthrough();
const AccountResource = z
  .object({
    freeNetUsed: count,
    freeNetLimit: count,
    NetUsed: count,
    NetLimit: count,
    EnergyUsed: count,
    EnergyLimit: count,
  })
  .passthrough();
const ConstantCall = z.object({
  result: z.object({ result: z.boolean().optional(), message: z.string().optional() }),
  energy_used: z.number().int().optional(),
  energy_penalty: z.number().int().optional(),
  constant_result: z.array(z.string()).optional(),
  transaction: z.object({ ret: z.array(z.object({ ret: z.string().optional() })).optional() }).optional(),
});
// A revert can come back as result.result true with the transaction marked FAILED or REVERT.
const reverted = (body: z.infer<typeof ConstantCall>) =>
  body.result.result !== true || ['FAILED', 'REVERT'].includes(body.transaction?.ret?.[0]?.ret ?? '');

export interface ChainParams {
  energyFeeSun: number;
  bandwidthFeeSun: number;
  freeBandwidth: number;
}

export interface Resources {
  freeBandwidthLeft: number;
  stakedBandwidthLeft: number;
  energyLeft: number;
}

@Injectable()
export class TronNodeClient {
  readonly nodes: Array<{ id: string; host: string; role: 'primary' | 'fallback' }>;
  readonly usdtContract: string;
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: TronConfig, @Inject(JsonLogger) logger: JsonLogger) {
    this.usdtContract = config.TRON_USDT_CONTRACT;
    this.nodes = config.TRON_NODE_URLS.map((url, i) => ({
      id: `node-${i + 1}`,
      host: new URL(url).host,
      role: i === 0 ? 'primary' : 'fallback',
    }));
    this.api = createUpstream({
      name: 'tron-node',
      baseUrls: config.TRON_NODE_URLS,
      timeoutMs: config.TRON_NODE_TIMEOUT_MS,
      userAgent: config.TRON_USER_AGENT,
      headers: config.TRON_TRONGRID_API_KEY ? { 'TRON-PRO-API-KEY': config.TRON_TRONGRID_API_KEY } : {},
      governor: { ratePerSecond: config.TRON_NODE_RATE_PER_SECOND, burst: config.TRON_NODE_RATE_PER_SECOND },
      log: upstreamLog(logger),
    });
  }

  async chainParameters(deadline: number): Promise<ChainParams> {
    const body = await this.api.postJson('wallet/getchainparameters', {}, ChainParameters, { deadline });
    const value = (key: string) => {
      const found = body.chainParameter.find((p) => p.key === key);
      if (!found)
        throw new TollError('UPSTREAM_ERROR', `tron-node: chain parameter ${key} missing`, { upstream: 'tron-node' });
      return found.value ?? 0;
    };
    return {
      energyFeeSun: value('getEnergyFee'),
      bandwidthFeeSun: value('getTransactionFee'),
      freeBandwidth: value('getFreeNetLimit'),
    };
  }

  // USDT atomic units (6 decimals) held by `address`, read with a constant call owned by the contract itself (an
  // account that always exists, so the read works for never-activated addresses too).
  async usdtBalance(address: string, deadline: number): Promise<bigint> {
    const body = await this.constantCall(this.usdtContract, 'balanceOf(address)', addressWord(address), deadline);
    const word = body.constant_result?.[0];
    if (reverted(body) || !word || !/^[0-9a-f]{64}$/i.test(word)) {
      throw new TollError('UPSTREAM_ERROR', 'tron-node: balanceOf gave no result', { upstream: 'tron-node' });
    }
    return BigInt(`0x${word}`);
  }

  async activated(address: string, deadline: number): Promise<boolean> {
    const body = await this.api.postJson('wallet/getaccount', { address, visible: true }, Account, { deadline });
    return body.address !== undefined;
  }

  async resources(address: string, deadline: number): Promise<Resources> {
    const r = await this.api.postJson('wallet/getaccountresource', { address, visible: true }, AccountResource, {
      deadline,
    });
    return {
      freeBandwidthLeft: Math.max(0, r.freeNetLimit - r.freeNetUsed),
      stakedBandwidthLeft: Math.max(0, r.NetLimit - r.NetUsed),
      energyLeft: Math.max(0, r.EnergyLimit - r.EnergyUsed),
    };
  }

  // Energy of this exact transfer as the node runs it from the sender (energy_used + energy_penalty); null when it
  // reverts, e.g. because the sender holds less USDT than the amount.
  async simulateTransfer(from: string, to: string, amount: bigint, deadline: number): Promise<number | null> {
    const body = await this.constantCall(
      from,
      'transfer(address,uint256)',
      addressWord(to) + uintWord(amount),
      deadline,
    );
    if (reverted(body) || body.energy_used === undefined) return null;
    return body.energy_used + (body.energy_penalty ?? 0);
  }

  private constantCall(owner: string, selector: string, parameter: string, deadline: number) {
    const request = {
      owner_address: owner,
      contract_address: this.usdtContract,
      function_selector: selector,
      parameter,
      visible: true,
    };
    return this.api.postJson('wallet/triggerconstantcontract', request, ConstantCall, { deadline });
  }
}
