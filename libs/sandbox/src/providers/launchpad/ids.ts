/** Identities the launchpad stand-in makes up: transaction signatures and wallets, pure functions of their parts. */
import { base58Address, hash32, hashString, mulberry32 } from '../../prng';

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const SIG_KEY = hashString('launchpad:signature');
const WALLET_KEY = hashString('launchpad:wallet');

/** An 88-character base58 transaction signature for (kind, ...parts). */
export function txSignature(kind: string, ...parts: number[]): string {
  const rand = mulberry32(hash32(SIG_KEY, hashString(kind), ...parts));
  let s = '';
  while (s.length < 88) s += B58[Math.floor(rand() * B58.length)];
  return s;
}

/** A wallet address for (kind, ...parts). */
export function wallet(kind: string, ...parts: number[]): string {
  return base58Address(mulberry32(hash32(WALLET_KEY, hashString(kind), ...parts)));
}

/** A coin's launch payment signature. */
export function paymentSignature(coinIndex: number): string {
  return txSignature('payment', coinIndex);
}
