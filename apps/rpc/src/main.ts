import { startRpc } from './bootstrap';

void startRpc();
