import { loadConfig } from '@toll/platform';
import { upstreamNames } from './app.module';
import { RpcConfig } from './config';

const load = (env: Record<string, string>) => loadConfig(RpcConfig, env);

describe('RpcConfig', () => {
  it('names upstreams by host, numbering repeats, and never shows paths or keys', () => {
    const config = load({
      RPC_UPSTREAM_URLS: 'https://rpc.example.com/abc123key, https://rpc.example.com/?api-key=k,http://127.0.0.1:8899',
    });
    expect(upstreamNames(config)).toEqual(['rpc.example.com', 'rpc.example.com#2', '127.0.0.1:8899']);
    expect(upstreamNames(load({ RPC_UPSTREAM_URLS: `https://${'a'.repeat(40)}.example.com` }))).toEqual(['upstream-1']);
  });

  it('reports bad values without echoing secret URLs', () => {
    expect(() => load({ RPC_UPSTREAM_URLS: 'https://ok.example.com,ftp://secret-key@x' })).toThrow(
      /entry 2 is not an http\(s\) URL/,
    );
    expect(() => load({ RPC_UPSTREAM_URLS: 'https://ok.example.com,ftp://secret-key@x' })).not.toThrow(/secret-key/);
    expect(() => load({ RPC_UPSTREAM_URLS: 'http://a,http://b', RPC_UPSTREAM_NAMES: 'one' })).toThrow(
      /give one name per URL/,
    );
    expect(() => load({ RPC_CACHE_TTL_OVERRIDES: 'sendTransaction=5' })).toThrow(
      /sendTransaction is not a cacheable method/,
    );
    expect(() => load({ RPC_HEDGE_MIN_MS: '900', RPC_HEDGE_MAX_MS: '100' })).toThrow(
      /must not exceed RPC_HEDGE_MAX_MS/,
    );
  });

  it('has working defaults', () => {
    expect(load({})).toMatchObject({
      RPC_UPSTREAM_URLS: ['http://127.0.0.1:8899'],
      RPC_HEDGE_ENABLED: true,
      RPC_CACHE_TTL_OVERRIDES: {},
    });
  });
});
