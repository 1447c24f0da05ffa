import { startDiscovery } from './bootstrap';

void startDiscovery();
