import { startWiki } from './bootstrap';

void startWiki();
