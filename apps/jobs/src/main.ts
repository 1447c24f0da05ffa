import { startJobs } from './bootstrap';

void startJobs();
