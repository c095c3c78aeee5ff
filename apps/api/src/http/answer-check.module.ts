import { Global, Module } from '@nestjs/common';
import { AnswerConformance } from '@scout/contract';
import { RouteAnswerCheck } from './route-answer-check.interceptor';

/**
 * The process's one answer conformance check (libs/contract): the tool calls hold their answers to
 * it (ToolCallService), and so do the account, self-service and admin routes (RouteAnswerCheck, on
 * their controllers). Global, so the interceptor resolves it in whichever module a controller is in.
 */
@Global()
@Module({
  providers: [{ provide: AnswerConformance, useFactory: () => new AnswerConformance() }, RouteAnswerCheck],
  exports: [AnswerConformance, RouteAnswerCheck],
})
export class AnswerCheckModule {}
