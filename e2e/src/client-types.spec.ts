import { generateOperations } from '@toll/client';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { liveCatalogHarness } from './live-catalog';

// @toll/client's operation types must be those of the live catalog: a group added or changed without regenerating
// them fails here. UPDATE_CLIENT_TYPES=1 rewrites libs/client/src/operations.ts from the live catalog instead.
const FILE = join(__dirname, '../../libs/client/src/operations.ts');

describe('@toll/client operation types match the live catalog', () => {
  const live = liveCatalogHarness();

  it('has every live operation with its method, path, price, input and output', () => {
    const generated = generateOperations(live.openapi, '/openapi.json');
    if (process.env.UPDATE_CLIENT_TYPES === '1') writeFileSync(FILE, generated);
    expect(readFileSync(FILE, 'utf8')).toBe(generated);
  });
});
