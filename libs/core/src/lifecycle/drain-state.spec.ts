import { DrainState } from './drain-state';

describe('DrainState', () => {
  it('admits requests until draining starts, then refuses every new one', () => {
    const drain = new DrainState();
    const first = drain.admit();
    expect(first).not.toBeNull();
    expect(drain.inFlight).toBe(1);
    drain.start();
    expect(drain.draining).toBe(true);
    expect(drain.admit()).toBeNull();
    expect(drain.inFlight).toBe(1);
  });

  it('counts an ended request once, however often its end is reported', () => {
    const drain = new DrainState();
    const done = drain.admit()!;
    drain.admit();
    done();
    done();
    expect(drain.inFlight).toBe(1);
  });

  it('whenIdle resolves true as the last admitted request ends', async () => {
    const drain = new DrainState();
    const done = drain.admit()!;
    drain.start();
    const idle = drain.whenIdle(5000);
    setTimeout(done, 20);
    await expect(idle).resolves.toBe(true);
    await expect(drain.whenIdle(0)).resolves.toBe(true);
  });

  it('whenIdle resolves false when requests still run at the timeout', async () => {
    const drain = new DrainState();
    drain.admit();
    drain.start();
    await expect(drain.whenIdle(30)).resolves.toBe(false);
    expect(drain.inFlight).toBe(1);
  });

  it('keeps the moment draining started; a second start changes nothing', async () => {
    const drain = new DrainState();
    expect(drain.since).toBeNull();
    drain.start();
    const since = drain.since;
    await new Promise((r) => setTimeout(r, 5));
    drain.start();
    expect(drain.since).toBe(since);
  });
});
