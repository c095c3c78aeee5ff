import { eventView, type FeedEvent } from '@scout/feeds';

/** Frames already made, by event: the hub hands every stream the same event object. */
const frames = new WeakMap<FeedEvent, Buffer>();

/**
 * One event as a Server-Sent Events `alert` frame (id = the event id), serialised and encoded once
 * however many streams it goes to: 10,000 streams otherwise build and encode 10,000 copies.
 */
export function alertFrame(e: FeedEvent): Buffer {
  let frame = frames.get(e);
  if (!frame) {
    frame = Buffer.from(`id: ${e.eventId}\nevent: alert\ndata: ${JSON.stringify(eventView(e))}\n\n`);
    frames.set(e, frame);
  }
  return frame;
}
