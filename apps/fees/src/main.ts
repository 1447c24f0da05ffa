import { startFees } from './bootstrap';

void startFees();
