import { startBooks } from './bootstrap';

void startBooks();
