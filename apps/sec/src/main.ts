import { startSec } from './bootstrap';

void startSec();
