import { Injectable, Module } from '@nestjs/common';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { RequestContext, Tool, ToolError, type ToolContext, type ToolName, type ToolResult } from '@scout/core';

/** Input of the fixture tools: every kind of field the coercion rules cover. */
export class FixtureInput {
  @IsOptional()
  @IsIn(['ok', 'upstream_error', 'crash', 'partial'])
  mode?: 'ok' | 'upstream_error' | 'crash' | 'partial';

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  limit: number = 20;

  @IsOptional()
  @IsNumber()
  @Min(-1e12)
  @Max(1e12)
  minUsd?: number;

  @IsOptional()
  @IsBoolean()
  flag?: boolean;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(7)
  @IsString({ each: true })
  @Length(1, 20, { each: true })
  chains?: string[];

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(60_000)
  delayMs?: number;
}

export const FIXTURE_TOOL_COSTS = { fixture_paid: 250, fixture_free: 0 };

/**
 * Tools that exist only in tests, so the gateway's paid path, refunds and coercion can be driven
 * without any upstream. `fixture_paid` costs 250 credits like most contract tools.
 */
@Injectable()
export class FixtureTools {
  @Tool({ name: 'fixture_paid' as ToolName, input: FixtureInput, summary: 'Echoes its input (test fixture).' })
  async paid(input: FixtureInput, context: ToolContext): Promise<ToolResult> {
    return this.answer(input, context);
  }

  @Tool({ name: 'fixture_free' as ToolName, input: FixtureInput, summary: 'Echoes its input for free (test fixture).' })
  async free(input: FixtureInput, context: ToolContext): Promise<ToolResult> {
    return this.answer(input, context);
  }

  private async answer(input: FixtureInput, context: ToolContext): Promise<ToolResult> {
    if (input.delayMs) await new Promise((resolve) => setTimeout(resolve, input.delayMs));
    RequestContext.current()?.meter.recordCall('/fixture/upstream');
    if (input.mode === 'upstream_error') throw new ToolError('The fixture upstream failed.', 'fixture: HTTP 503 from upstream');
    if (input.mode === 'crash') throw new Error('fixture crash');
    const notes = input.mode === 'partial' ? ['The fixture part B timed out; its fields are null.'] : undefined;
    return { data: { input: { ...input }, sameContext: RequestContext.current() === context }, notes };
  }
}

@Module({ providers: [FixtureTools] })
export class FixtureToolsModule {}
