import type { FeedEvent } from '../feed-event';
import { eventKeys } from '../tools/feed-filter';

export interface Indexable {
  matches(event: FeedEvent): boolean;
  /** A value every event it matches carries (feedKey of its filter); null or absent: looked at for every event. */
  key?: string | null;
  /**
   * Watchers with the same filterId (feedFilterId of their filter) pass exactly the same events:
   * one of them is tested per event for all. Null or absent: tested on its own.
   */
  filterId?: string | null;
}

/** The watchers under one key, by filter (a watcher without a filterId under itself). */
type Group<W> = Map<string | W, Set<W>>;

/**
 * The open watchers, grouped by their filter's key (token address, symbol or trader), so an event
 * is tested only against the watchers that could want it and those without a key, instead of every
 * open one: 10,000 watches of different tokens cost one event a few map lookups. Under a key they
 * are grouped by filter, so 10,000 watches of one filter cost one event one test.
 */
export class WatcherIndex<W extends Indexable> implements Iterable<W> {
  private readonly keyed = new Map<string, Group<W>>();
  private readonly unkeyed: Group<W> = new Map();
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
    let group = this.unkeyed;
    if (watcher.key) {
      group = this.keyed.get(watcher.key) ?? new Map<string | W, Set<W>>();
      this.keyed.set(watcher.key, group);
    }
    const filter = watcher.filterId ?? watcher;
    let same = group.get(filter);
    if (!same) group.set(filter, (same = new Set()));
    same.add(watcher);
  }

  delete(watcher: W): boolean {
    if (!this.all.delete(watcher)) return false;
    const group = watcher.key ? this.keyed.get(watcher.key) : this.unkeyed;
    const filter = watcher.filterId ?? watcher;
    const same = group?.get(filter);
    same?.delete(watcher);
    if (same?.size === 0) group!.delete(filter);
    if (watcher.key && group?.size === 0) this.keyed.delete(watcher.key);
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
      if (group) collect(group, event, found);
    }
    collect(this.unkeyed, event, found);
    return found;
  }
}

/** Adds to `found` every watcher of `group` whose filter passes `event`, testing one per filter. */
function collect<W extends Indexable>(group: Group<W>, event: FeedEvent, found: W[]): void {
  for (const same of group.values()) {
    const first = same.values().next().value as W;
    if (first.matches(event)) for (const w of same) found.push(w);
  }
}
