import { loadFixtures, startFakeBotApi as startWith } from '@toll/testing';
import { join } from 'node:path';

export type { FakeBot, FakeBotApi } from '@toll/testing';

// The shared fake Bot API (libs/testing) answering with this group's recorded fixtures.
const FIXTURES = loadFixtures(join(__dirname, 'fixtures', 'bot-api'));
export const startFakeBotApi = () => startWith(FIXTURES);
