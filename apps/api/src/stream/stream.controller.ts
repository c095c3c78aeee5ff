import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { RequireKey } from '@scout/auth';
import { eventView, feedPredicate, FeedHub, StreamAlertsQuery } from '@scout/feeds';

/** Comment lines keep proxies and clients from taking a quiet stream for a dead one. */
const HEARTBEAT_MS = 15_000;

/**
 * The live trade feed as Server-Sent Events: every new matching buy or sell of a tracked trader as
 * an `alert` event (id = the event id), until the client disconnects or the process drains. Needs a
 * key; costs nothing. One fan-out serves every open stream.
 */
@Controller('api/v1/stream')
@RequireKey()
export class StreamController {
  constructor(private readonly hub: FeedHub) {}

  @Get('alerts')
  async alerts(@Query() query: StreamAlertsQuery, @Res() res: Response): Promise<void> {
    const matches = feedPredicate({ side: query.type, chain: query.chain, trader: query.trader, token: query.token, minUsd: query.minUsd });
    let open = true;
    let heartbeat: NodeJS.Timeout | undefined;
    let stop: (() => void) | undefined;
    const finish = () => {
      if (!open) return;
      open = false;
      clearInterval(heartbeat);
      stop?.();
      res.end();
    };
    // Listening first, then the headers: the stream's first byte means nothing after it is missed.
    stop = await this.hub.watch({
      matches,
      deliver: (e) => {
        if (open) res.write(`id: ${e.eventId}\nevent: alert\ndata: ${JSON.stringify(eventView(e))}\n\n`);
      },
      end: finish,
    });
    if (!open) return void stop();
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    res.write(': connected\n\n');
    heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    // The response closes when the client goes away (a request's own 'close' comes once its body is read).
    res.on('close', finish);
  }
}
