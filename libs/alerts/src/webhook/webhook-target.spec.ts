import { checkWebhookTarget, WebhookTargetRefused, type HostResolver } from './webhook-target';

describe('checkWebhookTarget', () => {
  const resolver =
    (table: Record<string, string[]>): HostResolver =>
    async (host) => {
      const addresses = table[host];
      if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
  const dns = resolver({
    'hooks.example.com': ['93.184.216.34'],
    localhost: ['127.0.0.1', '::1'],
    'split.example.com': ['93.184.216.34', '10.0.0.8'],
    'meta.example.com': ['169.254.169.254'],
  });
  const refusal = async (url: string, allowPrivate = false) => {
    try {
      await checkWebhookTarget(url, allowPrivate, dns);
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(WebhookTargetRefused);
      return (error as WebhookTargetRefused).reason;
    }
  };

  it('gives the URL and the checked address to connect to', async () => {
    const target = await checkWebhookTarget('https://hooks.example.com/scout?x=1', false, dns);
    expect(target.url.href).toBe('https://hooks.example.com/scout?x=1');
    expect(target.address).toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('refuses schemes other than http(s), credentials and unresolvable hosts', async () => {
    expect(await refusal('ftp://hooks.example.com/x')).toMatch(/http:\/\/ or https:\/\//);
    expect(await refusal('file:///etc/passwd')).toMatch(/http:\/\/ or https:\/\//);
    expect(await refusal('not a url')).toMatch(/not a URL/);
    expect(await refusal('https://user:pw@hooks.example.com/')).toMatch(/credentials/);
    expect(await refusal('https://nowhere.example.com/')).toMatch(/does not resolve/);
  });

  it('refuses loopback, private and metadata literals, and hosts resolving to them', async () => {
    expect(await refusal('http://127.0.0.1:8080/')).toMatch(/loopback/);
    expect(await refusal('http://[::1]/')).toMatch(/loopback/);
    expect(await refusal('http://10.1.2.3/')).toMatch(/private/);
    expect(await refusal('http://169.254.169.254/latest/meta-data/')).toMatch(/linkLocal/);
    expect(await refusal('http://localhost:3000/')).toMatch(/localhost: 127\.0\.0\.1 is a loopback/);
    expect(await refusal('http://meta.example.com/')).toMatch(/linkLocal/);
  });

  it('refuses a host with any forbidden address among its answers', async () => {
    expect(await refusal('https://split.example.com/')).toMatch(/10\.0\.0\.8 is a private/);
  });

  it('with private targets allowed, takes loopback and private but never link-local', async () => {
    expect(await refusal('http://localhost:3000/', true)).toBeNull();
    expect(await refusal('http://10.1.2.3/', true)).toBeNull();
    expect(await refusal('http://169.254.169.254/', true)).toMatch(/linkLocal/);
    expect(await refusal('http://0.0.0.0/', true)).toMatch(/unspecified/);
  });
});
