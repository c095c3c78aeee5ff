import { Inject, Injectable } from '@nestjs/common';
import { readIsoInstant, Tool, type ToolResult } from '@scout/core';
import { launchpadPage, type LaunchpadPage } from '../launchpad-inputs';
import { LAUNCHPAD_CLIENT, type LaunchpadPort } from '../launchpad.ports';
import { launchRow, type LaunchRow } from '../tokens/coin-rows';
import { LaunchpadLaunchesInput, LaunchStatusInput } from './launches.dto';

export interface LaunchpadLaunchesData {
  /** Newest first. */
  launches: LaunchRow[];
  /** Paging of the ledger, with nextPage (null on the last page). */
  pagination: LaunchpadPage;
}

export interface LaunchStatusData {
  /** The launch's payment transaction signature (base58), as asked. */
  paymentSignature: string;
  /** processing while the launch runs, then completed. */
  status: 'processing' | 'completed';
  /** The launched coin, once completed; null while processing. */
  mint: string | null;
  /** When the status last changed, ISO 8601 UTC; null when the site does not say. */
  updatedAt: string | null;
}

/** The launch ledger and the status of one paid launch. */
@Injectable()
export class LaunchpadLaunchesToolsService {
  constructor(@Inject(LAUNCHPAD_CLIENT) private readonly launchpad: LaunchpadPort) {}

  @Tool({
    name: 'launchpad_launches',
    input: LaunchpadLaunchesInput,
    summary: 'The launch ledger, newest first: which coins were launched, by whom, how; by creator, mode and time.',
    description:
      'Each launch: mint, pool, name, symbol, creator wallet, quote (mint, symbol, category), launchpad path (raydium, launchlab, pump), mode, transferFee, startMarketCapUsd, targetMarketCapUsd, createdAt; and pagination with nextPage. creator finds everything one wallet launched (a serial-launcher check); since keeps launches at or after an ISO time.',
  })
  async launches(input: LaunchpadLaunchesInput): Promise<ToolResult<LaunchpadLaunchesData>> {
    const creator = input.creator?.trim();
    const list = await this.launchpad.launches({
      creator,
      mode: input.mode,
      since: input.since === undefined ? undefined : (readIsoInstant(input.since) ?? undefined),
      page: input.page,
      pageSize: input.pageSize,
    });
    const launches = list.launches.map(launchRow);
    const pagination = launchpadPage(list.pagination);
    let note: string | undefined;
    if (launches.length === 0) {
      if (pagination.total > 0 && pagination.page > pagination.totalPages) {
        note = `Page ${pagination.page} is past the last page (${pagination.totalPages}) of ${pagination.total} launches.`;
      } else if (creator) {
        note = `The launchpad has no launch by ${creator}${input.since ? ` since ${input.since}` : ''}${input.mode ? ` in ${input.mode} mode` : ''}.`;
      } else {
        note = 'No launch matches these filters.';
      }
    }
    return { data: { launches, pagination }, notes: note ? [note] : undefined };
  }

  @Tool({
    name: 'launchpad_launch_status',
    input: LaunchStatusInput,
    summary: 'Did a launch go through: its status (processing or completed) by payment signature, with the mint once completed.',
    description:
      'A paid launch is processing for a while, then completed with its mint; poll while it is processing (the answer is cached 5 s). A payment signature the launchpad does not know is a 404.',
  })
  async launchStatus(input: LaunchStatusInput): Promise<ToolResult<LaunchStatusData>> {
    const s = await this.launchpad.launchStatus(input.paymentSignature.trim());
    const data: LaunchStatusData = { paymentSignature: s.paymentSignature, status: s.status, mint: s.mint, updatedAt: s.updatedAt };
    const notes: string[] = [];
    if (s.status === 'processing') notes.push('Still processing: ask again in a few seconds; the mint appears once the launch completes.');
    else if (s.mint === null) notes.push('The launch completed but the site named no mint yet (mint null).');
    return { data, notes: notes.length ? notes : undefined };
  }
}
