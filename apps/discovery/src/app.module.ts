import { Module } from '@nestjs/common';
import { DiscoveryController } from './discovery.controller';
import { DiscoveryService } from './discovery.service';
import { IndexRepository } from './index.repository';
import { PrismaService } from './prisma.service';
import { RegistryFeed } from './registry-feed';

@Module({
  controllers: [DiscoveryController],
  providers: [PrismaService, IndexRepository, RegistryFeed, DiscoveryService],
})
export class AppModule {}
