import { startSpend } from './bootstrap';

void startSpend();
