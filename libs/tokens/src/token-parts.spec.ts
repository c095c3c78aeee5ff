import { FomoNotFoundError, TokenAnalyticsNotFoundError, UpstreamError } from '@scout/upstream';
import { TokenParts } from './token-parts';

const MINT = 'ScoutNoSuchMint1111111111111111111111111pump';
const down = () => new UpstreamError('token-analytics', 'http', 'HTTP 503', 503);

describe('TokenParts', () => {
  it("takes either provider's not found as a missing part while another part knows the token", async () => {
    const parts = new TokenParts();
    const [token, buyers] = await Promise.all([
      parts.run({ part: 'token-analytics /tokens', affects: 'token' }, () => Promise.reject(new TokenAnalyticsNotFoundError('token', MINT))),
      parts.run({ part: 'token-analytics /first-buyers', affects: 'buyers' }, async () => ['a']),
    ]);
    expect(() => parts.settle()).not.toThrow();
    expect({ token, buyers }).toEqual({ token: null, buyers: ['a'] });
    expect(parts.notes).toEqual(['token-analytics /tokens answered not found: token left null.']);
  });

  it('is the not-found error when no part that could tell knew the token', async () => {
    for (const notFound of [new TokenAnalyticsNotFoundError('token', MINT), new FomoNotFoundError('token', MINT)]) {
      const parts = new TokenParts();
      await parts.run({ part: 'a', affects: 'x' }, () => Promise.reject(notFound));
      await parts.run({ part: 'feed', affects: 'y', knowsToken: false }, async () => []);
      expect(() => parts.settle()).toThrow(notFound);
    }
  });

  it('is the first failure when nothing answered, and lets a lost part go as null plus a note', async () => {
    const none = new TokenParts();
    await none.run({ part: 'a', affects: 'x' }, () => Promise.reject(down()));
    expect(() => none.settle()).toThrow(UpstreamError);

    const some = new TokenParts();
    await some.run({ part: 'a', affects: 'x' }, () => Promise.reject(down()));
    expect(await some.run({ part: 'b', affects: 'y' }, async () => 1)).toBe(1);
    expect(() => some.settle()).not.toThrow();
    expect(some.notes).toHaveLength(1);
  });
});
