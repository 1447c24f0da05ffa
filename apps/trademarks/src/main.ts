import { startTrademarks } from './bootstrap';

void startTrademarks();
