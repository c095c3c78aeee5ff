import { RequestContext, type ToolContext } from '@scout/core';
import { readPages, unreadPagesNote } from './page-reader';

/** Pages of `size` numbers from 0 to `total - 1`; the cursor is the next offset. */
function pages(total: number, size: number) {
  const asked: (string | undefined)[] = [];
  const fetch = async (cursor: string | undefined) => {
    asked.push(cursor);
    const from = Number(cursor ?? 0);
    const items = Array.from({ length: Math.min(size, total - from) }, (_, i) => from + i);
    return { items, cursor: from + size < total ? String(from + size) : null };
  };
  return { asked, fetch };
}

describe('readPages', () => {
  it("reads to the provider's last page", async () => {
    const p = pages(25, 10);
    expect(await readPages({ maxPages: 10, fetch: p.fetch })).toMatchObject({ pages: 3, cursor: null, stoppedBy: 'end' });
    expect(p.asked).toEqual([undefined, '10', '20']);
  });

  it('stops as soon as the caller has enough, or at maxPages, with the cursor to resume from', async () => {
    const found = await readPages({ maxPages: 10, fetch: pages(100, 10).fetch, enough: (items) => items.includes(34) });
    expect(found).toMatchObject({ pages: 4, cursor: '40', stoppedBy: 'enough' });
    expect(await readPages({ first: '0', maxPages: 2, fetch: pages(100, 10).fetch })).toMatchObject({ pages: 2, cursor: '20', stoppedBy: 'limit' });
  });

  it("starts no page the call's deadline cannot fit", async () => {
    const context = { deadlineAt: Date.now() + 100 } as ToolContext;
    const read = await RequestContext.run(context, () => readPages({ maxPages: 10, fetch: pages(100, 10).fetch }));
    expect(read).toMatchObject({ pages: 1, cursor: '10', stoppedBy: 'deadline' });
  });
});

describe('unreadPagesNote', () => {
  const read = (stoppedBy: 'end' | 'enough' | 'limit' | 'deadline') => ({ items: [1, 2, 3], pages: 2, cursor: stoppedBy === 'end' ? null : 'c', stoppedBy });

  it('says how much was read, why it stopped, and what is left', () => {
    expect(unreadPagesNote(read('limit'), 2, 'theses', 'the token has more')).toBe(
      'Read 3 theses over 2 provider page(s), stopped by the bound of 2 pages; the token has more, not read.',
    );
    expect(unreadPagesNote(read('deadline'), 5, 'theses', 'there are more')).toBe(
      "Read 3 theses over 2 provider page(s), stopped by the call's deadline; there are more, not read.",
    );
  });

  it('is silent when the read reached the end or had enough', () => {
    expect(unreadPagesNote(read('end'), 2, 'theses', 'x')).toBeNull();
    expect(unreadPagesNote(read('enough'), 2, 'theses', 'x')).toBeNull();
  });
});
