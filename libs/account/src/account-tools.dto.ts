import { IsBoolean, IsOptional } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/** service_health and service_account take no input. */
export class NoInput {}

export class UsageInput {
  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'Also clear the response cache for your calls: your next calls read fresh upstream data.' })
  clearCache?: boolean;
}
