import { Module } from '@nestjs/common';
import { LedgerJobsService } from './jobs/ledger-jobs.service';
import { LedgerService } from './ledger.service';

@Module({ providers: [LedgerService, LedgerJobsService], exports: [LedgerService, LedgerJobsService] })
export class LedgerModule {}
