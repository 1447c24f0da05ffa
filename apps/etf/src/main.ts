import { startEtf } from './bootstrap';

void startEtf();
