import { Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppConfig, CoreModule, TOOL_CATALOG, ToolRegistry, type ToolContext } from '@scout/core';
import { DefiModule } from './defi.module';
import { DEFILLAMA_CLIENT } from '@scout/upstream';
import { fakeLlama } from './test/llama-fixtures';

const DEFI_TOOLS = [
  'service_chain_health',
  'service_token_yields',
  'service_protocol_report',
  'service_defi_hacks',
  'service_price_confidence',
  'service_dex_volumes',
  'service_protocol_fees',
  'service_chain_revenue',
  'service_perps_open_interest',
  'service_stablecoins',
  'service_chain_trend',
] as const;

async function boot(imports: Array<NonNullable<Parameters<typeof Test.createTestingModule>[0]['imports']>[number]>) {
  const moduleRef = await Test.createTestingModule({ imports: [CoreModule.forRoot(AppConfig.fromEnv({})), ...imports] }).compile();
  await moduleRef.init();
  return moduleRef;
}

describe('DefiModule', () => {
  it('registers the eleven DeFi tools at their contract costs, over the client it is given', async () => {
    const llama = fakeLlama();
    llama.hacks.mockResolvedValue([]);
    const moduleRef = await boot([DefiModule.forRoot({ useFactory: () => llama })]);
    const registry = moduleRef.get(ToolRegistry);
    for (const name of DEFI_TOOLS) {
      const tool = registry.resolve(name);
      expect(tool.cost).toBe(TOOL_CATALOG[name].cost);
      expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
    }
    expect(registry.resolve('service_protocol_fees').cost).toBe(500);
    expect(registry.resolve('service_chain_trend').cost).toBe(500);
    const answer = await registry.resolve('service_defi_hacks').handler({ limit: 20 }, {} as ToolContext);
    expect(answer).toEqual({ data: { matched: 0, showing: 0, totalLostUsd: null, hacks: [] } });
    expect(llama.hacks).toHaveBeenCalledTimes(1);
    await moduleRef.close();
  });

  it('also takes the client from a global provider of DEFILLAMA_CLIENT', async () => {
    const llama = fakeLlama();
    @Global()
    @Module({ providers: [{ provide: DEFILLAMA_CLIENT, useValue: llama }], exports: [DEFILLAMA_CLIENT] })
    class ClientModule {}
    const moduleRef = await boot([ClientModule, DefiModule]);
    expect(moduleRef.get(ToolRegistry).resolve('service_chain_health').name).toBe('service_chain_health');
    await moduleRef.close();
  });

  it('refuses to boot without a client', async () => {
    await expect(boot([DefiModule])).rejects.toThrow(/DEFILLAMA_CLIENT/);
  });
});
