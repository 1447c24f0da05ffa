import { Module } from '@nestjs/common';
import { Clock } from './clock';
import { CompanyController } from './company.controller';
import { CompanyService } from './company.service';
import { GleifClient } from './upstreams/gleif.client';
import { SecProvider } from './upstreams/sec.client';

@Module({
  controllers: [CompanyController],
  providers: [CompanyService, SecProvider, GleifClient, Clock],
})
export class AppModule {}
