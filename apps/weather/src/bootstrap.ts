import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { WeatherConfig } from './config';

export const GROUP = { name: 'weather', title: 'Weather' } as const;

export const startWeather = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { ...GROUP, config: WeatherConfig, env });
