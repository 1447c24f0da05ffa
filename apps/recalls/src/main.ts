import { startRecalls } from './bootstrap';

void startRecalls();
