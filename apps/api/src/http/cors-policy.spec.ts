import { isAccountApiPath, isMcpPath, isPublicApiPath } from './cors-policy';

describe('CORS route families', () => {
  it.each(['/api/v1/tools', '/api/v1/tools/service_health', '/api/v1/openapi.json', '/llms.txt'])('%s is the public API', (path) => {
    expect(isPublicApiPath(path)).toBe(true);
    expect(isAccountApiPath(path)).toBe(false);
  });

  it.each(['/api/v1/me', '/api/v1/me/keys', '/api/v1/admin/accounts', '/api/v1/admin'])('%s is the account API', (path) => {
    expect(isAccountApiPath(path)).toBe(true);
    expect(isPublicApiPath(path)).toBe(false);
  });

  it('/mcp is MCP, and only it', () => {
    expect([isMcpPath('/mcp'), isPublicApiPath('/mcp'), isAccountApiPath('/mcp')]).toEqual([true, false, false]);
    expect([isMcpPath('/mcpx'), isMcpPath('/api/v1/mcp')]).toEqual([false, false]);
  });

  it.each(['/api/v1/toolsx', '/api/v1/meta', '/api/v1/administrator', '/docs', '/healthz', '/llms.txt/x', '/api/v1/llms.txt'])('%s is neither', (path) => {
    expect([isPublicApiPath(path), isAccountApiPath(path), isMcpPath(path)]).toEqual([false, false, false]);
  });
});
