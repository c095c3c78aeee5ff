import { Module } from '@nestjs/common';
import { LedgerJobsService } from './jobs/ledger-jobs.service';
import { LedgerService } from './ledger.service';
import { PlanService } from './plan.service';

@Module({ providers: [LedgerService, PlanService, LedgerJobsService], exports: [LedgerService, PlanService, LedgerJobsService] })
export class LedgerModule {}
