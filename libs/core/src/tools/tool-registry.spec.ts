import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppConfig } from '../config/app-config';
import { CoreModule } from '../core.module';
import { ALLOWED_COSTS, TOOL_CATALOG, TOOL_NAMES, type ToolName } from './tool-catalog';
import { Tool } from './tool.decorator';
import { ToolRegistry } from './tool-registry';

class Empty {}

@Injectable()
class AccountTools {
  @Tool({ name: 'service_account', input: Empty, summary: 'a' })
  async account() {
    return { data: {} };
  }
}

@Injectable()
class SecondAccountTools {
  @Tool({ name: 'service_account', input: Empty, summary: 'b' })
  async account() {
    return { data: {} };
  }
}

@Injectable()
class OffContractTools {
  @Tool({ name: 'service_make_money' as ToolName, input: Empty, summary: 'c' })
  async money() {
    return { data: {} };
  }
}

async function boot(...providers: Array<new () => object>) {
  @Module({ providers })
  class ToolsModule {}
  const moduleRef = await Test.createTestingModule({
    imports: [CoreModule.forRoot(AppConfig.fromEnv({})), ToolsModule],
  }).compile();
  await moduleRef.init();
  return moduleRef;
}

describe('tool catalog', () => {
  it('holds the 80 tools of the contract with allowed costs', () => {
    expect(TOOL_NAMES).toHaveLength(80);
    for (const name of TOOL_NAMES) {
      expect(ALLOWED_COSTS).toContain(TOOL_CATALOG[name].cost);
      expect(name).toMatch(/^(service|launchpad)_[a-z_]+$/);
    }
    expect(TOOL_CATALOG.service_milestone_study.cost).toBe(6750);
    expect(TOOL_CATALOG.service_fomo_kol_sell_pressure.cost).toBe(375);
    expect(TOOL_CATALOG.service_fomo_alerts.cost).toBe(125);
    expect(TOOL_CATALOG.service_health.cost).toBe(0);
  });
});

describe('ToolRegistry', () => {
  it('finds @Tool methods at boot and takes the cost from the catalog', async () => {
    const moduleRef = await boot(AccountTools);
    const tool = moduleRef.get(ToolRegistry).resolve('service_account');
    expect(tool.cost).toBe(0);
    expect(await tool.handler({}, {} as never)).toEqual({ data: {} });
    await moduleRef.close();
  });

  it('stops boot when two handlers claim one tool', async () => {
    await expect(boot(AccountTools, SecondAccountTools)).rejects.toThrow('Two handlers claim the tool "service_account"');
  });

  it('stops boot for a tool that is not in the contract', async () => {
    await expect(boot(OffContractTools)).rejects.toThrow(/"service_make_money" is not a tool of the contract/);
  });

  it('answers not_found for unknown names', async () => {
    const moduleRef = await boot(AccountTools);
    expect(() => moduleRef.get(ToolRegistry).resolve('nope')).toThrow(/Unknown tool "nope"/);
    await moduleRef.close();
  });
});
