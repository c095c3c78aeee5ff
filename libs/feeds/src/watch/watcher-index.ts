import type { FeedEvent } from '../feed-event';
import { eventKeys } from '../tools/feed-filter';

export interface Indexable {
  matches(event: FeedEvent): boolean;
  /** A value every event it matches carries (feedKey of its filter); null or absent: looked at for every event. */
  key?: string | null;
}

/**
 * The open watchers, grouped by their filter's key (token address, symbol or trader), so an event
 * is tested only against the watchers that could want it and those without a key, instead of every
 * open one: 10,000 watches of different tokens cost one event a few map lookups.
 */
export class WatcherIndex<W extends Indexable> implements Iterable<W> {
  private readonly keyed = new Map<string, Set<W>>();
  private readonly unkeyed = new Set<W>();
  private readonly all = new Set<W>();

  get size(): number {
    return this.all.size;
  }

  has(watcher: W): boolean {
    return this.all.has(watcher);
  }

  add(watcher: W): void {
    if (this.all.has(watcher)) return;
    this.all.add(watcher);
    if (!watcher.key) return void this.unkeyed.add(watcher);
    let group = this.keyed.get(watcher.key);
    if (!group) this.keyed.set(watcher.key, (group = new Set()));
    group.add(watcher);
  }

  delete(watcher: W): boolean {
    if (!this.all.delete(watcher)) return false;
    if (!watcher.key) return this.unkeyed.delete(watcher);
    const group = this.keyed.get(watcher.key);
    group?.delete(watcher);
    if (group?.size === 0) this.keyed.delete(watcher.key);
    return true;
  }

  clear(): void {
    this.keyed.clear();
    this.unkeyed.clear();
    this.all.clear();
  }

  [Symbol.iterator](): Iterator<W> {
    return this.all.values();
  }

  /** The watchers this event matches, each once. */
  matching(event: FeedEvent): W[] {
    const found: W[] = [];
    // An event's keys are distinct and each watcher sits under one key, so none is found twice.
    for (const key of eventKeys(event)) {
      const group = this.keyed.get(key);
      if (group) for (const w of group) if (w.matches(event)) found.push(w);
    }
    for (const w of this.unkeyed) if (w.matches(event)) found.push(w);
    return found;
  }
}
