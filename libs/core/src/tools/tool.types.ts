import type { Type } from '@nestjs/common';
import type { ToolName } from './tool-catalog';
import type { CallMeter } from '../context/call-meter';

/** Options of the @Tool decorator; the cost is not repeated here: it comes from TOOL_CATALOG. */
export interface ToolOptions {
  name: ToolName;
  /** The input DTO: class-validator rules validate calls and generate the JSON Schema. */
  input: Type<object>;
  /** One line for listings and the OpenAPI summary. */
  summary: string;
  /** Longer text for the OpenAPI description. */
  description?: string;
  /** Callable without an API key (only service_health in the contract). */
  public?: boolean;
  /**
   * How long a call may run, when not TOOL_DEADLINE_MS: for a tool that holds the request open on
   * purpose (service_fomo_watch_stream). Such a tool should be free: a hold lasts TOOL_DEADLINE_MS.
   */
  deadlineMs?: number;
  /**
   * The handler only reads (upstream answers, never the database's rows it would change) and has
   * no effect of its own: a call may first be answered from cached upstream answers alone and
   * then charged once, without a hold (ToolCallService). Leave unset for a tool that writes.
   */
  readsOnly?: true;
}

/** Who is calling. Null only for public tools called without a key. */
export interface CallerIdentity {
  accountId: string;
  /** The API key; for an OAuth token, the key whose holder approved its grant. */
  keyId: string;
  scopes: string[];
  /** How the caller signed in: an `sc_` API key, or an OAuth access token (`grantId` names its grant). */
  credential?: 'api_key' | 'oauth';
  grantId?: string;
}

export interface ToolContext {
  tool: ToolName;
  requestId: string;
  caller: CallerIdentity | null;
  /** Upstream calls and cache hits made while answering, for the envelope's `credits`. */
  meter: CallMeter;
  /** Epoch ms by which the answer is due; upstream calls cut their timeouts to fit inside it. */
  deadlineAt: number;
  /** Aborted when the client goes away before the answer (a held request can stop waiting at once). */
  signal?: AbortSignal;
}

/** What a handler returns; the gateway wraps it in the envelope. */
export interface ToolResult<T extends object = object> {
  data: T;
  notes?: string[];
}

export type ToolHandler = (input: object, context: ToolContext) => Promise<ToolResult>;

export interface RegisteredTool extends ToolOptions {
  cost: number;
  handler: ToolHandler;
  /** JSON Schema (draft 2020-12 compatible subset) of the input, generated from the DTO. */
  inputSchema: JsonSchema;
}

export type JsonSchema = Record<string, unknown>;
