// Types of tools/live-examples.js.
export interface BazaarInput {
  type?: string;
  method: 'GET' | 'POST';
  pathParams?: Record<string, unknown>;
  queryParams?: Record<string, unknown>;
  body?: Record<string, unknown>;
  tool?: string; // MCP items: the tool and its example arguments
  example?: Record<string, unknown>;
}

export interface DiscoveryItem {
  resource: string;
  extensions: { bazaar: { info: { input: BazaarInput; output?: unknown } } };
  [key: string]: unknown;
}

export function discoveryItems(gateway: string, type: 'http' | 'mcp'): Promise<DiscoveryItem[]>;
export function bazaarExample(input: BazaarInput): Record<string, unknown>;
export function exampleRequest(item: DiscoveryItem): { method: 'GET' | 'POST'; url: URL; init: RequestInit };
export function toolExample(item: DiscoveryItem): { name: string; args: Record<string, unknown> };
