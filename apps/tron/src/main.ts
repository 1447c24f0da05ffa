import { startTron } from './bootstrap';

void startTron();
