import { startData } from './bootstrap';

void startData();
