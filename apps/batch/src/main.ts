import { startBatch } from './bootstrap';

void startBatch();
