import { redactSecretsInTraces, redactUrlForTrace, REDACTED_SEGMENT } from './trace-redaction';

describe('redactUrlForTrace', () => {
  it('drops the query string and user info, keeps origin and route', () => {
    expect(redactUrlForTrace('https://user:pass@api.llama.fi/protocols?apikey=secret&x=1')).toEqual({
      full: 'https://api.llama.fi/protocols',
      path: '/protocols',
      hadQuery: true,
    });
    expect(redactUrlForTrace('http://127.0.0.1:4000/v2/chains').hadQuery).toBe(false);
  });

  it('replaces long opaque path segments (a key in the path, a webhook token)', () => {
    const key = 'AbCdEf0123456789AbCdEf0123456789';
    expect(redactUrlForTrace(`https://eth-mainnet.g.alchemy.com/v2/${key}`).full).toBe(`https://eth-mainnet.g.alchemy.com/v2/${REDACTED_SEGMENT}`);
    expect(redactUrlForTrace(`https://api.g.alchemy.com/prices/v1/${key}/tokens/by-symbol`).path).toBe(`/prices/v1/${REDACTED_SEGMENT}/tokens/by-symbol`);
    expect(redactUrlForTrace('https://hooks.example.com/services/T000/B000/XXXXXXXXXXXXXXXXXXXXXXXX').path).toBe(`/services/T000/B000/${REDACTED_SEGMENT}`);
    // Short segments stay: routes, chains, symbols.
    expect(redactUrlForTrace('https://api.dexscreener.com/latest/dex/search').path).toBe('/latest/dex/search');
  });

  it('replaces a registered secret wherever it appears, however short', () => {
    redactSecretsInTraces(['shortkey1', 'abc']);
    expect(redactUrlForTrace('http://127.0.0.1:9/alchemy/v2/shortkey1').path).toBe(`/alchemy/v2/${REDACTED_SEGMENT}`);
    expect(redactUrlForTrace('http://127.0.0.1:9/x/key-shortkey1-y').path).toBe(`/x/${REDACTED_SEGMENT}`);
    // Too short to register: a value that common would blank out routes.
    expect(redactUrlForTrace('http://127.0.0.1:9/abc/def').path).toBe('/abc/def');
  });

  it('says so when the URL cannot be parsed, rather than showing it', () => {
    expect(redactUrlForTrace('not a url sc_secret').full).toBe('[unparsable url]');
  });
});
