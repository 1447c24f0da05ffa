import { isAddress } from '@toll/solana';
import type { LocalChain } from './chain';
import { invalidParams, RpcError, RPC_MIN_CONTEXT_SLOT_NOT_REACHED } from './errors';

export type Config = Record<string, unknown>;

// The agave version this node claims; clients only display it.
export const API_VERSION = '3.0.0';

// Params arrive through kit's bigint-preserving JSON parser, so every integer is a bigint.
export function toNumber(value: unknown, name: string): number {
  if (typeof value === 'bigint' && value >= 0n && value <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(value);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  throw invalidParams(`Invalid param: ${name} must be a non-negative integer`);
}

export function toBigInt(value: unknown, name: string): bigint {
  if (typeof value === 'bigint' && value >= 0n && value < 2n ** 64n) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  throw invalidParams(`Invalid param: ${name} must be a u64`);
}

export function stringAt(params: unknown[], i: number, name: string): string {
  const value = params[i];
  if (typeof value !== 'string') throw invalidParams(`Invalid params: missing ${name}`);
  return value;
}

export function addressAt(params: unknown[], i: number): string {
  const value = params[i];
  if (value === undefined) throw invalidParams('Invalid params: missing address');
  if (!isAddress(value)) throw invalidParams('Invalid param: Invalid');
  return value;
}

export function addressListAt(params: unknown[], i: number, max: number): string[] {
  const value = params[i];
  if (!Array.isArray(value)) throw invalidParams('Invalid params: expected an array of addresses');
  if (value.length > max) throw invalidParams(`Too many inputs provided; max ${max}`);
  if (!value.every(isAddress)) throw invalidParams('Invalid param: Invalid');
  return value;
}

export function configAt(params: unknown[], i: number): Config {
  const value = params[i];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidParams('Invalid params: expected a config object');
  return value as Config;
}

export function optionalNumber(config: Config, key: string): number | undefined {
  return config[key] === undefined || config[key] === null ? undefined : toNumber(config[key], key);
}

export function optionalString(config: Config, key: string): string | undefined {
  const value = config[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidParams(`Invalid param: ${key} must be a string`);
  return value;
}

export function optionalBoolean(config: Config, key: string): boolean {
  const value = config[key];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw invalidParams(`Invalid param: ${key} must be a boolean`);
  return value;
}

export function oneOf(value: string | undefined, allowed: string[], name: string): string | undefined {
  if (value !== undefined && !allowed.includes(value))
    throw invalidParams(`Invalid param: unsupported ${name} ${value}`);
  return value;
}

// The slot every answer is "as of"; minContextSlot in the future is agave's -32016.
export function contextSlot(chain: LocalChain, config: Config): number {
  const slot = chain.slot;
  const min = optionalNumber(config, 'minContextSlot');
  if (min !== undefined && min > slot)
    throw new RpcError(RPC_MIN_CONTEXT_SLOT_NOT_REACHED, 'Minimum context slot has not been reached', {
      contextSlot: slot,
    });
  return slot;
}

export function withContext(
  chain: LocalChain,
  config: Config,
  value: unknown,
): { context: { slot: number; apiVersion: string }; value: unknown } {
  return { context: { slot: contextSlot(chain, config), apiVersion: API_VERSION }, value };
}
