import { shortenedExample } from './answer-examples';

describe('shortenedExample', () => {
  it('cuts every list to two items, at any depth, and keeps everything else', () => {
    expect(shortenedExample({ rows: [1, 2, 3], nested: { more: [{ a: [1, 2, 3] }, {}, {}] }, n: 0, s: 'x', z: null })).toEqual({
      rows: [1, 2],
      nested: { more: [{ a: [1, 2] }, {}] },
      n: 0,
      s: 'x',
      z: null,
    });
  });

  it('never writes a signing secret, even a sandbox one', () => {
    const example = shortenedExample({ data: { id: 'a1', signingSecret: 'whsec_c2VjcmV0' } }) as { data: { signingSecret: string } };
    expect(example.data.signingSecret).not.toContain('c2VjcmV0');
    expect(example.data.signingSecret).toMatch(/^whsec_</);
  });
});
