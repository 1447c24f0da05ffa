import { startFunding } from './bootstrap';

void startFunding();
