import { startDevutils } from './bootstrap';

void startDevutils();
