/**
 * The wallet JSON-RPC methods of the Alchemy stand-in, read from the wallet book (wallets.ts):
 * `alchemy_getAssetTransfers` ([{fromAddress?, toAddress?, category, order, maxCount, pageKey,
 * fromBlock, toBlock, contractAddresses, withMetadata}] → {transfers, pageKey?}) and
 * `eth_getTransactionCount` ([address, block] → hex nonce). An address no tracked trader owns
 * has no transfers and a count of 0x0. The stand-in needs fromAddress or toAddress (it does not
 * list a whole chain); `internal` is refused outside Ethereum and Polygon, as upstream documents.
 */
import type { ChainInfo, SandboxMarket } from '../../market';
import { iso } from '../../util';
import { blockAt, toRawUnits, type ChainTransfer, type WalletBook } from './wallets';

export type RpcOutcome = { result: unknown } | { error: { code: number; message: string } };

const CATEGORIES = ['external', 'internal', 'erc20', 'erc721', 'erc1155', 'specialnft'];
const INTERNAL_NETWORKS = ['eth-mainnet', 'polygon-mainnet'];
const MAX_COUNT = 1000;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HEX = /^0x[0-9a-fA-F]+$/;

const invalid = (message: string): RpcOutcome => ({ error: { code: -32602, message } });
const hex = (n: number | bigint) => `0x${n.toString(16)}`;

/** A block parameter (hex, integer or tag) → block number at t; null when it is none of those. */
function blockParam(v: unknown, t: number, fallback: 'earliest' | 'latest'): number | null {
  const tag = v ?? fallback;
  if (tag === 'earliest') return 0;
  if (tag === 'latest' || tag === 'pending' || tag === 'safe' || tag === 'finalized' || tag === 'indexed') return blockAt(t);
  if (typeof tag === 'string' && HEX.test(tag)) return parseInt(tag, 16);
  if (typeof tag === 'number' && Number.isInteger(tag) && tag >= 0) return tag;
  return null;
}

function readPageKey(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const m = /^t(\d+)$/.exec(Buffer.from(v, 'base64url').toString());
  return m ? Number(m[1]) : null;
}

function transferView(x: ChainTransfer, withMetadata: boolean) {
  return {
    blockNum: hex(x.block),
    uniqueId: x.category === 'external' ? `${x.hash}:external` : `${x.hash}:log:${x.logIndex}`,
    hash: x.hash,
    from: x.from,
    to: x.to,
    value: x.amount,
    erc721TokenId: null,
    erc1155Metadata: null,
    tokenId: null,
    asset: x.symbol,
    category: x.category,
    rawContract: { value: hex(toRawUnits(x.amount, x.decimals)), address: x.contract, decimal: hex(x.decimals) },
    ...(withMetadata ? { metadata: { blockTimestamp: iso(x.at) } } : {}),
  };
}

export function assetTransfers(m: SandboxMarket, wallets: WalletBook | null, chain: ChainInfo, raw: unknown): RpcOutcome {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return invalid('params[0] must be an object');
  const p = raw as Record<string, unknown>;
  const category = p.category;
  if (!Array.isArray(category) || category.length === 0 || category.some((c) => !CATEGORIES.includes(c as string))) {
    return invalid(`category must be a non-empty array of ${CATEGORIES.join(', ')}`);
  }
  if (category.includes('internal') && !INTERNAL_NETWORKS.includes(chain.alchemyNetwork)) {
    return invalid(`the internal category is not supported on ${chain.alchemyNetwork}`);
  }
  for (const k of ['fromAddress', 'toAddress']) {
    const v = p[k];
    if (v !== undefined && (typeof v !== 'string' || !ADDRESS.test(v))) return invalid(`${k} must be a 0x address of 40 hex digits`);
  }
  const from = (p.fromAddress as string | undefined)?.toLowerCase();
  const to = (p.toAddress as string | undefined)?.toLowerCase();
  if (from === undefined && to === undefined) return invalid('fromAddress or toAddress is required');
  const order = p.order ?? 'asc';
  if (order !== 'asc' && order !== 'desc') return invalid("order must be 'asc' or 'desc'");
  let maxCount = MAX_COUNT;
  if (p.maxCount !== undefined) {
    if (typeof p.maxCount !== 'string' || !HEX.test(p.maxCount)) return invalid('maxCount must be a hex string');
    maxCount = parseInt(p.maxCount, 16);
    if (maxCount < 1 || maxCount > MAX_COUNT) return invalid(`maxCount must be from 0x1 to ${hex(MAX_COUNT)}`);
  }
  const t = m.nowMs();
  const fromBlock = blockParam(p.fromBlock, t, 'earliest');
  const toBlock = blockParam(p.toBlock, t, 'latest');
  if (fromBlock === null || toBlock === null) return invalid('fromBlock and toBlock must be hex block numbers or block tags');
  const contracts = p.contractAddresses;
  if (contracts !== undefined && (!Array.isArray(contracts) || contracts.some((c) => typeof c !== 'string' || !ADDRESS.test(c)))) {
    return invalid('contractAddresses must be an array of 0x addresses');
  }
  const onlyContracts = Array.isArray(contracts) ? new Set(contracts.map((c) => (c as string).toLowerCase())) : null;
  const offset = p.pageKey === undefined ? 0 : readPageKey(p.pageKey);
  if (offset === null) return invalid('invalid pageKey');

  // The history of the first named address a tracked trader owns; every match involves it.
  const named = [from, to].filter((a): a is string => a !== undefined);
  const owner = named.map((a) => wallets?.owner(chain, a)).find((u) => u !== undefined);
  const all = owner && wallets ? wallets.transfers(owner, chain, t) : [];
  const matched = all.filter(
    (x) =>
      (from === undefined || x.from === from) &&
      (to === undefined || x.to === to) &&
      category.includes(x.category) &&
      x.block >= fromBlock &&
      x.block <= toBlock &&
      (onlyContracts === null || x.contract === null || onlyContracts.has(x.contract)),
  );
  if (order === 'desc') matched.reverse();
  const page = matched.slice(offset, offset + maxCount);
  const more = offset + page.length < matched.length;
  return {
    result: {
      transfers: page.map((x) => transferView(x, p.withMetadata === true)),
      ...(more ? { pageKey: Buffer.from(`t${offset + page.length}`).toString('base64url') } : {}),
    },
  };
}

export function transactionCount(m: SandboxMarket, wallets: WalletBook | null, chain: ChainInfo, params: unknown[]): RpcOutcome {
  const [address, tag] = params;
  if (typeof address !== 'string' || !ADDRESS.test(address)) return invalid('invalid 1st argument: address value was not valid hex');
  const t = m.nowMs();
  const block = blockParam(tag, t, 'latest');
  if (block === null) return invalid('invalid 2nd argument: block number or tag');
  const owner = wallets?.owner(chain, address);
  return { result: hex(owner && wallets ? wallets.sentCount(owner, chain, t, block) : 0) };
}
