import { startMessaging } from './bootstrap';

void startMessaging();
