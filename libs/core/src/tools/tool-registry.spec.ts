import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppConfig } from '../config/app-config';
import { CoreModule } from '../core.module';
import { ALLOWED_COSTS, TOOL_CATALOG, TOOL_NAMES, type ToolName } from './tool-catalog';
import { Tool } from './tool.decorator';
import { ToolRegistry, type ToolRegistryOptions } from './tool-registry';

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

/** A provider with a handler for each of `names`. */
function toolsFor(names: readonly ToolName[]): new () => object {
  class SomeTools {}
  for (const name of names) {
    Object.defineProperty(SomeTools.prototype, name, { value: async () => ({ data: { name } }), writable: true, configurable: true });
    Tool({ name, input: Empty, summary: name })(SomeTools.prototype, name, Object.getOwnPropertyDescriptor(SomeTools.prototype, name)!);
  }
  Injectable()(SomeTools);
  return SomeTools;
}

async function bootWith(registry: ToolRegistryOptions, ...providers: Array<new () => object>) {
  @Module({ providers })
  class ToolsModule {}
  const moduleRef = await Test.createTestingModule({
    imports: [CoreModule.forRoot(AppConfig.fromEnv({}), {}, undefined, registry), ToolsModule],
  }).compile();
  await moduleRef.init();
  return moduleRef;
}

const boot = (...providers: Array<new () => object>) => bootWith({}, ...providers);

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

  describe('requireCompleteCatalog (as the API boots)', () => {
    it('refuses to boot while a catalog tool has no handler, naming every one missing', async () => {
      const missing: ToolName[] = ['launchpad_token_report', 'service_alert_delete'];
      const served = TOOL_NAMES.filter((name) => !missing.includes(name));
      await expect(bootWith({ requireCompleteCatalog: true }, toolsFor(served))).rejects.toThrow(
        'The API serves 78 of the 80 tools of the contract: no handler for launchpad_token_report, service_alert_delete (see TOOL_CATALOG).',
      );
      await expect(bootWith({ requireCompleteCatalog: true }, AccountTools)).rejects.toThrow(
        /serves 1 of the 80 tools.*no handler for service_health, service_usage, /,
      );
    });

    it('boots when every catalog tool has a handler, and serves each', async () => {
      const moduleRef = await bootWith({ requireCompleteCatalog: true }, toolsFor(TOOL_NAMES));
      const registry = moduleRef.get(ToolRegistry);
      expect(registry.unserved()).toEqual([]);
      expect(registry.list().map((t) => t.name)).toEqual([...TOOL_NAMES].sort());
      expect(await registry.resolve('launchpad_token_report').handler({}, {} as never)).toEqual({ data: { name: 'launchpad_token_report' } });
      await moduleRef.close();
    });

    it('is off unless asked: a module with a few tools (a library spec, the worker) boots and lists the rest as unserved', async () => {
      const moduleRef = await boot(AccountTools);
      const registry = moduleRef.get(ToolRegistry);
      expect(registry.unserved()).toHaveLength(79);
      expect(registry.unserved()).not.toContain('service_account');
      expect(() => registry.resolve('launchpad_token_report')).toThrow(/part of the contract but not served yet/);
      await moduleRef.close();
    });
  });
});
