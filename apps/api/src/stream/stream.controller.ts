import { Controller, Get, Headers, Logger, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { RequireKey } from '@scout/auth';
import { FeedHub, FeedStore, FeedStream, resumePoint, STREAM_RETRY_MS, StreamAlertsQuery, type FeedEvent } from '@scout/feeds';
import { AlertWriter } from './alert-frame';

/** Comment lines keep proxies and clients from taking a quiet stream for a dead one. */
const HEARTBEAT_MS = 15_000;

/**
 * The live trade feed as Server-Sent Events: every new matching buy or sell of a tracked trader as
 * an `alert` event (id = the event id), until the client disconnects or the process drains. A client
 * that reconnects with `Last-Event-ID` first gets the matching events stored after that one (at
 * most the last hour), then the live ones. Needs a key; costs nothing. One fan-out serves every
 * open stream.
 */
@Controller('api/v1/stream')
@RequireKey()
export class StreamController {
  private readonly logger = new Logger('StreamController');

  constructor(
    private readonly hub: FeedHub,
    private readonly store: FeedStore,
  ) {}

  @Get('alerts')
  async alerts(@Query() query: StreamAlertsQuery, @Headers('last-event-id') lastEventId: string | undefined, @Res() res: Response): Promise<void> {
    let open = true;
    let heartbeat: NodeJS.Timeout | undefined;
    let feed: FeedStream | undefined;
    let writer: AlertWriter | undefined;
    const finish = () => {
      if (!open) return;
      open = false;
      clearInterval(heartbeat);
      feed?.close();
      res.end();
    };
    const send = (e: FeedEvent): void | Promise<void> => {
      if (!open) return;
      // Made once the headers went out (below): every frame, replayed or live, comes after them.
      writer ??= new AlertWriter(res);
      const full = writer.write(e);
      // The replay waits for a slow client instead of buffering the whole hour in memory.
      if (!full) return;
      return new Promise((resolve) => {
        const done = () => {
          full.off('drain', done);
          res.off('close', done);
          resolve();
        };
        full.on('drain', done);
        res.on('close', done);
      });
    };
    // Listening first, then the headers: the stream's first byte means nothing after it is missed.
    feed = await FeedStream.open(this.hub, this.store, {
      filter: { side: query.type, chain: query.chain, trader: query.trader, token: query.token, minUsd: query.minUsd },
      resume: resumePoint(lastEventId, query.lastEventId),
      send,
      end: finish,
    });
    if (!open) return void feed.close();
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    res.write(`retry: ${STREAM_RETRY_MS}\n: connected\n\n`);
    // Asked now, while the stream waits, rather than by each of 10,000 streams when an event comes.
    writer = new AlertWriter(res);
    heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    // The response closes when the client goes away (a request's own 'close' comes once its body is read).
    res.on('close', finish);
    try {
      await feed.start();
    } catch (error) {
      // The replay could not be read: end the stream, and the client comes back with the same id.
      this.logger.warn(`stream replay failed: ${(error as Error).message}`);
      finish();
    }
  }
}
