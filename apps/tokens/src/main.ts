import { startTokens } from './bootstrap';

void startTokens();
