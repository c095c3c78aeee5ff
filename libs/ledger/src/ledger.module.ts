import { Module } from '@nestjs/common';
import { AccountsService } from './accounts.service';
import { CreditHoldsService } from './credit-holds.service';
import { LedgerJobsService } from './jobs/ledger-jobs.service';
import { LedgerService } from './ledger.service';
import { PlanService } from './plan.service';

const SERVICES = [LedgerService, AccountsService, CreditHoldsService, PlanService, LedgerJobsService];

@Module({ providers: SERVICES, exports: SERVICES })
export class LedgerModule {}
