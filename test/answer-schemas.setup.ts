import { recordAnswerDrift, takeAnswerDrift } from '@scout/contract';

/*
 * In the int and e2e tiers every tool answer the app builds (REST and MCP alike, in ToolCallService)
 * and every account, self-service and admin route's answer (RouteAnswerCheck)
 * is checked against its generated schema; a test file whose calls met an answer off its schema
 * fails here, naming the tool and the JSON path.
 */
recordAnswerDrift();

afterAll(() => {
  const lines = [...new Set(takeAnswerDrift().map((d) => `${d.tool} ${d.path.replace(/\[\d+\]/g, '[*]')}: ${d.message}`))].sort();
  expect({ answersOffTheirSchema: lines }).toEqual({ answersOffTheirSchema: [] });
});
