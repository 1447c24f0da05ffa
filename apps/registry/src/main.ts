import { startRegistry } from './bootstrap';

void startRegistry();
