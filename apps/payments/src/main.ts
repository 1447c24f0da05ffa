import { startPayments } from './bootstrap';

void startPayments();
