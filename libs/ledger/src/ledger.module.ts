import { Module } from '@nestjs/common';
import { CreditHoldsService } from './credit-holds.service';
import { LedgerJobsService } from './jobs/ledger-jobs.service';
import { LedgerService } from './ledger.service';
import { PlanService } from './plan.service';

const SERVICES = [LedgerService, CreditHoldsService, PlanService, LedgerJobsService];

@Module({ providers: SERVICES, exports: SERVICES })
export class LedgerModule {}
