import { Injectable, Module } from '@nestjs/common';
import { IsString, Length } from 'class-validator';
import { Tool, type ToolContext, type ToolName, type ToolResult } from '@scout/core';

export class WaitInput {
  @IsString()
  @Length(1, 64)
  tag!: string;
}

export const WAITING_TOOL_COSTS = { fixture_wait: 250 };

/**
 * A paid tool that runs until the test releases it (`release(tag)`) or its call is aborted, so a
 * spec can hold a call open as long as it needs (progress, cancellation) without timing anything.
 * It records which calls saw their abort signal fire.
 */
@Injectable()
export class WaitingTool {
  private static readonly releases = new Map<string, () => void>();
  private static readonly abortedTags = new Set<string>();

  static release(tag: string): boolean {
    const release = WaitingTool.releases.get(tag);
    release?.();
    return release !== undefined;
  }

  static sawAbort(tag: string): boolean {
    return WaitingTool.abortedTags.has(tag);
  }

  static running(tag: string): boolean {
    return WaitingTool.releases.has(tag);
  }

  @Tool({ name: 'fixture_wait' as ToolName, input: WaitInput, summary: 'Waits until released or aborted (test fixture).' })
  async wait(input: WaitInput, context: ToolContext): Promise<ToolResult> {
    await new Promise<void>((resolve) => {
      WaitingTool.releases.set(input.tag, resolve);
      context.signal?.addEventListener(
        'abort',
        () => {
          WaitingTool.abortedTags.add(input.tag);
          resolve();
        },
        { once: true },
      );
    });
    WaitingTool.releases.delete(input.tag);
    return { data: { tag: input.tag, aborted: context.signal?.aborted ?? false } };
  }
}

@Module({ providers: [WaitingTool] })
export class WaitingToolModule {}
