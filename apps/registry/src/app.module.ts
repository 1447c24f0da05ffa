import { Module } from '@nestjs/common';
import { EndpointProber } from './endpoint-prober';
import { PrismaService } from './prisma.service';
import { RegistryController } from './registry.controller';
import { RegistryRepository } from './registry.repository';
import { RegistryService } from './registry.service';

@Module({
  controllers: [RegistryController],
  providers: [PrismaService, RegistryRepository, RegistryService, EndpointProber],
})
export class AppModule {}
