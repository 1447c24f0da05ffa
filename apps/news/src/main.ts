import { startNews } from './bootstrap';

void startNews();
