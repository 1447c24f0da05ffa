import { startMacro } from './bootstrap';

void startMacro();
