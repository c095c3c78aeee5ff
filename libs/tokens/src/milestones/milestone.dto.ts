import { validationRule } from '@scout/core';
import { IsIn, IsInt, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

export const MILESTONE_COHORTS = ['launches', 'reached'] as const;
export type MilestoneCohort = (typeof MILESTONE_COHORTS)[number];

export const MILESTONE_MIN_USD = 10_000;
export const MILESTONE_MAX_USD = 1_000_000_000;
export const MILESTONE_MAX_SAMPLE = 60;

/** The cohort window runs from daysAgoFrom to daysAgoTo: an empty or reversed window is refused, not guessed at. */
function EndsBeforeStart(): PropertyDecorator {
  return validationRule('endsBeforeStart', (to, object) => {
    const from = object.daysAgoFrom ?? 120;
    return typeof to === 'number' && typeof from === 'number' && to >= from ? `daysAgoTo (${to}) must be less than daysAgoFrom (${from})` : null;
  });
}

/** service_milestone_study */
export class MilestoneStudyInput {
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(MILESTONE_MIN_USD)
  @Max(MILESTONE_MAX_USD)
  @JSONSchema({ description: 'The market-cap milestone in USD, 10,000-1,000,000,000.', default: 3_000_000, examples: [3_000_000] })
  thresholdUsd: number = 3_000_000;

  @IsOptional()
  @IsIn(MILESTONE_COHORTS)
  @JSONSchema({
    description:
      'launches: every coin created in the window, dead ones included (the honest base rate). reached: coins launched in the window whose market cap is at or above the milestone now; far more crossers per call, but survivors only, so its shares are an upper bound.',
    default: 'launches',
    examples: ['launches'],
  })
  cohort: MilestoneCohort = 'launches';

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(365)
  @JSONSchema({ description: 'Cohort start, days ago, 1-365.', default: 120, examples: [120] })
  daysAgoFrom: number = 120;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(364)
  @EndsBeforeStart()
  @JSONSchema({
    description: 'Cohort end, days ago, 0-364, less than daysAgoFrom. Leave a gap to now so coins have had time to move.',
    default: 30,
    examples: [30],
  })
  daysAgoTo: number = 30;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MILESTONE_MAX_SAMPLE)
  @JSONSchema({
    description: `Coins to study, 1-${MILESTONE_MAX_SAMPLE}: one chart read each. The cost is the same whatever the sample.`,
    default: 25,
    examples: [25],
  })
  sample: number = 25;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(1)
  @Max(1_000)
  @JSONSchema({
    description:
      "What counts as 'went higher': a peak of at least this multiple of the milestone (default 1.5). At 1 every crosser went higher by construction.",
    default: 1.5,
    examples: [1.5],
  })
  minPeakMultiple: number = 1.5;
}
