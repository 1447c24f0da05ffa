import { startCompany } from './bootstrap';

void startCompany();
