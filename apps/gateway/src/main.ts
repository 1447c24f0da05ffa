import { startGateway } from './bootstrap';

void startGateway();
