import { Module } from '@nestjs/common';
import { PrismaService } from './prisma.service';
import { SpendController } from './spend.controller';
import { SpendRepository } from './spend.repository';
import { SpendService } from './spend.service';

@Module({
  controllers: [SpendController],
  providers: [PrismaService, SpendRepository, SpendService],
})
export class AppModule {}
