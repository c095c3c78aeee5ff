import { Module } from '@nestjs/common';
import { LedgerModule } from '@scout/ledger';
import { AccountToolsService } from './account-tools.service';

@Module({ imports: [LedgerModule], providers: [AccountToolsService] })
export class AccountModule {}
