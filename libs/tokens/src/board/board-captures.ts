import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FomoTokenBoard, FomoTokenBoardName } from '@scout/upstream';
import { DataSource } from 'typeorm';

export interface CapturedBoard {
  board: FomoTokenBoard;
  /** When Scout last read it from the provider. */
  fetchedAt: Date;
}

/**
 * The last good board of each kind (table token_board_captures), so the token board is served from
 * it, marked stale, while the provider does not answer.
 */
@Injectable()
export class BoardCaptures {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Keeps `board` as the last good one of its kind; an older capture never replaces a newer one. */
  async keep(board: FomoTokenBoard, fetchedAt: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO token_board_captures AS c (board, captured_at, fetched_at, board_json)
       VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (board) DO UPDATE
         SET captured_at = EXCLUDED.captured_at, fetched_at = EXCLUDED.fetched_at, board_json = EXCLUDED.board_json
       WHERE c.captured_at IS NULL OR EXCLUDED.captured_at IS NULL OR EXCLUDED.captured_at >= c.captured_at`,
      [board.board, parsedTime(board.capturedAt), fetchedAt, JSON.stringify(board)],
    );
  }

  async last(name: FomoTokenBoardName): Promise<CapturedBoard | null> {
    const rows: { board_json: FomoTokenBoard; fetched_at: Date }[] = await this.db.query(
      `SELECT board_json, fetched_at FROM token_board_captures WHERE board = $1`,
      [name],
    );
    return rows.length ? { board: rows[0].board_json, fetchedAt: new Date(rows[0].fetched_at) } : null;
  }
}

function parsedTime(text: string | null): Date | null {
  if (!text) return null;
  const t = Date.parse(text);
  return Number.isFinite(t) ? new Date(t) : null;
}
