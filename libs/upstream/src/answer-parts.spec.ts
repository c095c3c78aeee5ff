import { NotFoundError } from '@scout/core';
import { UpstreamError } from './upstream.types';
import { AnswerParts } from './answer-parts';

const timeout = () => new UpstreamError('defillama', 'timeout', 'no answer within 5000 ms');
const notFound = () => new UpstreamError('defillama', 'http', 'HTTP 404', 404);

describe('AnswerParts', () => {
  it('passes values through and adds no notes when every part answers', async () => {
    const parts = new AnswerParts();
    await expect(parts.run({ part: 'p', affects: 'x' }, async () => 5)).resolves.toBe(5);
    parts.assertAnswered();
    expect(parts.resultNotes).toBeUndefined();
  });

  it('turns a failed part into null and a note naming it and what it leaves null', async () => {
    const parts = new AnswerParts();
    await parts.run({ part: 'DefiLlama /a', affects: 'a' }, async () => 1);
    await expect(
      parts.run({ part: 'DefiLlama /stablecoinchains', affects: 'stablecoinSupplyUsd' }, async () => {
        throw timeout();
      }),
    ).resolves.toBeNull();
    await parts.run({ part: 'DefiLlama /b', affects: 'b' }, async () => {
      throw new UpstreamError('defillama', 'http', 'HTTP 503', 503);
    });
    parts.assertAnswered();
    expect(parts.resultNotes).toEqual([
      'DefiLlama /stablecoinchains did not answer (timeout): stablecoinSupplyUsd left null.',
      'DefiLlama /b did not answer (HTTP 503): b left null.',
    ]);
  });

  it('rethrows the first failure when no part answered', async () => {
    const parts = new AnswerParts();
    const first = timeout();
    await parts.run({ part: 'a', affects: 'a' }, async () => {
      throw first;
    });
    await parts.run({ part: 'b', affects: 'b' }, async () => {
      throw notFound();
    });
    expect(parts.firstFailure).toBe(first);
    expect(() => parts.assertAnswered()).toThrow(first);
  });

  it('takes a 404 as "not listed" when the part says so', async () => {
    const parts = new AnswerParts();
    await expect(
      parts.run({ part: 'a', affects: 'a', notListedNote: 'DefiLlama lists no Monad.' }, async () => {
        throw notFound();
      }),
    ).resolves.toBeNull();
    expect(() => parts.assertAnswered()).not.toThrow();
    expect(parts.resultNotes).toEqual(['DefiLlama lists no Monad.']);
  });

  it('lets errors that are not upstream failures through', async () => {
    const parts = new AnswerParts();
    await expect(
      parts.run({ part: 'a', affects: 'a' }, async () => {
        throw new TypeError('bug');
      }),
    ).rejects.toThrow(TypeError);
  });
  it('runFinding: an answer is heard as found, a NotFoundError is null heard as not found (and counts as answered), other failures stay failures', async () => {
    const parts = new AnswerParts();
    const heard: string[] = [];
    const on = { found: () => heard.push('found'), notFound: (error: NotFoundError) => heard.push(`not found: ${error.message}`) };
    await expect(parts.runFinding({ part: 'a', affects: 'x' }, async () => 7, on)).resolves.toBe(7);
    const missing = new NotFoundError('no such token');
    await expect(parts.runFinding({ part: 'b', affects: 'y' }, () => Promise.reject(missing), on)).resolves.toBeNull();
    await expect(parts.runFinding({ part: 'c', affects: 'z' }, () => Promise.reject(timeout()), on)).resolves.toBeNull();
    await expect(parts.runFinding({ part: 'd', affects: 'w' }, () => Promise.reject(new TypeError('bug')), on)).rejects.toThrow(TypeError);
    expect(heard).toEqual(['found', 'not found: no such token']);
    expect(parts.notes).toEqual(['c did not answer (timeout): z left null.']);

    // Only not-found answers: the call stands (the caller's rules decide what that means), and the note is the caller's to add.
    const onlyMissing = new AnswerParts();
    await onlyMissing.runFinding({ part: 'b', affects: 'y' }, () => Promise.reject(missing), {
      notFound: () => onlyMissing.noteNotFound({ part: 'b', affects: 'y' }),
    });
    expect(() => onlyMissing.assertAnswered()).not.toThrow();
    expect(onlyMissing.notes).toEqual(['b answered not found: y left null.']);
  });
});
