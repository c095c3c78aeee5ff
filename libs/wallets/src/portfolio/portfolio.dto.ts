import { validationRule } from '@scout/core';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsNumber, IsOptional, IsString, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { CHAINS, type Chain } from '@scout/upstream';
import { chainFamily, EVM_WALLET_EXAMPLE, IsWalletAddress, walletFamily } from '../wallet-input';

/** The chains asked for hold the wallet's family: an 0x wallet is read on EVM chains, a base58 one on solana. */
function AreChainsOfWalletFamily(): PropertyDecorator {
  return validationRule('areChainsOfWalletFamily', (value, object, property) => {
    const family = typeof object.wallet === 'string' ? walletFamily(object.wallet) : null;
    if (!Array.isArray(value) || family === null) return null;
    const other = (value as unknown[]).find(
      (c): c is Chain => typeof c === 'string' && (CHAINS as readonly string[]).includes(c) && chainFamily(c as Chain) !== family,
    );
    if (other === undefined) return null;
    return family === 'evm'
      ? `${property}: ${other} is not an EVM chain and an 0x wallet has no address there; ask for a Solana wallet separately`
      : `${property}: ${other} is an EVM chain and a Solana wallet has no address there; ask for an 0x wallet separately`;
  });
}

/** service_wallet_portfolio */
export class WalletPortfolioInput {
  @IsString()
  @IsWalletAddress()
  @JSONSchema({ description: 'Wallet address (0x… for EVM chains, base58 for Solana).', minLength: 26, examples: [EVM_WALLET_EXAMPLE] })
  wallet!: string;

  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(CHAINS.length)
  @IsIn(CHAINS, { each: true, message: `each value in chains must be one of: ${CHAINS.join(', ')}` })
  @AreChainsOfWalletFamily()
  @JSONSchema({
    description: `Chains to check, 1-${CHAINS.length}, of the wallet's family (default: every chain of it: the six EVM chains for an 0x wallet, solana for a base58 one). One of ${CHAINS.join(', ')}.`,
    examples: [['ethereum', 'base']],
  })
  chains?: Chain[];

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @JSONSchema({ description: 'Hide holdings worth less than this (USD), to cut noise. Totals still count them.', examples: [1] })
  minValueUsd?: number;
}
