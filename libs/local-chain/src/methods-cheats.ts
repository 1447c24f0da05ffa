import type { LocalChain } from './chain';
import { invalidParams, RpcError } from './errors';
import {
  addressAt,
  configAt,
  optionalBoolean,
  optionalNumber,
  optionalString,
  toBigInt,
  toNumber,
  type Config,
} from './rpc-params';
import type { RpcMethods } from './rpc-types';

// Account data as the RPC returns it ([base64, "base64"]) or as a bare base64 string.
function dataParam(value: unknown): Uint8Array {
  if (value === undefined || value === null) return new Uint8Array(0);
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || (Array.isArray(value) && value[1] !== 'base64'))
    throw invalidParams('Invalid param: data must be base64');
  return new Uint8Array(Buffer.from(text, 'base64'));
}

const optionalAddress = (config: Config, key: string): string | undefined =>
  config[key] === undefined || config[key] === null ? undefined : addressAt([config[key]], 0);

// Seeding errors (not a mint, failed airdrop) are the caller's mistake, reported as invalid params.
const asParamError =
  (handler: RpcMethods[string]): RpcMethods[string] =>
  (params) => {
    try {
      return handler(params);
    } catch (e) {
      if (e instanceof RpcError || !(e instanceof Error)) throw e;
      throw invalidParams(e.message);
    }
  };

// Test-only methods (docs/local-chain.md §6.3). startLocalRpc leaves them out with `cheats: false`.
export function cheatMethods(chain: LocalChain): RpcMethods {
  const methods: RpcMethods = {
    localnet_setAccount: (p) => {
      const config = configAt(p, 1);
      chain.setAccount(addressAt(p, 0), {
        lamports: toBigInt(config.lamports, 'lamports'),
        data: dataParam(config.data),
        owner: optionalAddress(config, 'owner'),
        executable: optionalBoolean(config, 'executable'),
        rentEpoch: config.rentEpoch === undefined ? undefined : toBigInt(config.rentEpoch, 'rentEpoch'),
      });
      return null;
    },
    localnet_advanceSlots: (p) => {
      chain.advanceSlots(toNumber(p[0] ?? 1n, 'slots'));
      return chain.slot;
    },
    localnet_expireBlockhashes: () => {
      chain.expireBlockhashes();
      return chain.slot;
    },
    localnet_airdrop: (p) => chain.airdrop(addressAt(p, 0), toBigInt(p[1], 'lamports')),
    localnet_createMint: (p) => {
      const config = configAt(p, 0);
      return chain.createMint({
        address: optionalAddress(config, 'address'),
        decimals: optionalNumber(config, 'decimals') ?? 6,
        mintAuthority: optionalAddress(config, 'mintAuthority') ?? null,
        freezeAuthority: optionalAddress(config, 'freezeAuthority') ?? null,
        supply: config.supply === undefined ? undefined : toBigInt(config.supply, 'supply'),
        programId: optionalString(config, 'programId') === undefined ? undefined : addressAt([config.programId], 0),
      });
    },
    localnet_mintTo: (p) => chain.mintTo(addressAt(p, 0), addressAt(p, 1), toBigInt(p[2], 'amount')),
  };
  return Object.fromEntries(Object.entries(methods).map(([name, handler]) => [name, asParamError(handler)]));
}
