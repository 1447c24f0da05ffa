import { Module } from '@nestjs/common';
import { BatchController } from './batch.controller';
import { BatchRepository } from './batch.repository';
import { BatchService } from './batch.service';
import { PrismaService } from './prisma.service';

@Module({
  controllers: [BatchController],
  providers: [PrismaService, BatchRepository, BatchService],
})
export class AppModule {}
