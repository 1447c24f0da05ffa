import { startScreener } from './bootstrap';

void startScreener();
