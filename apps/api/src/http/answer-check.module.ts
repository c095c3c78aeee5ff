import { Global, Module } from '@nestjs/common';
import { AnswerConformance } from '@scout/contract';
import { AppConfig } from '@scout/core';
import { RouteAnswerCheck } from './route-answer-check.interceptor';

/**
 * The process's one answer conformance check (libs/contract): the tool calls hold their answers to
 * it (ToolCallService), and so do the account, self-service and admin routes (RouteAnswerCheck, on
 * their controllers), one answer in ANSWER_CHECK_EVERY of each once its first ones were all checked.
 * Global, so the interceptor resolves it in whichever module a controller is in.
 */
@Global()
@Module({
  providers: [
    { provide: AnswerConformance, useFactory: (config: AppConfig) => new AnswerConformance(undefined, config.ANSWER_CHECK_EVERY), inject: [AppConfig] },
    RouteAnswerCheck,
  ],
  exports: [AnswerConformance, RouteAnswerCheck],
})
export class AnswerCheckModule {}
