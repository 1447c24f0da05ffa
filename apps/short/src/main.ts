import { startShort } from './bootstrap';

void startShort();
