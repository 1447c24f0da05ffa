import { startBridge } from './bootstrap';

void startBridge();
