import { startWeather } from './bootstrap';

void startWeather();
