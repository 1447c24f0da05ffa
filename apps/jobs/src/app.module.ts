import { Module } from '@nestjs/common';
import { Clock } from '@toll/platform';
import { IndexRefresher } from './index-refresher';
import { JobsController } from './jobs.controller';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';
import { PrismaService } from './prisma.service';
import { ArbeitnowClient } from './upstreams/arbeitnow.client';
import { UsajobsClient } from './upstreams/usajobs.client';

@Module({
  controllers: [JobsController],
  providers: [JobsService, JobsRepository, IndexRefresher, PrismaService, ArbeitnowClient, UsajobsClient, Clock],
})
export class AppModule {}
