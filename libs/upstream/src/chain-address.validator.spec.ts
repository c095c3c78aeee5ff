import { chainAddressProblem } from './chain-address.validator';

const SOL = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const EVM = '0x' + 'ab'.repeat(20);

describe('chainAddressProblem', () => {
  it('holds the address to the chain it names', () => {
    expect(chainAddressProblem(SOL, 'solana')).toBeNull();
    expect(chainAddressProblem(EVM, 'ethereum')).toBeNull();
    expect(chainAddressProblem(EVM, 'solana')).toBe('address must be a Solana address: base58, 32-44 characters');
    expect(chainAddressProblem(SOL, 'ethereum')).toMatch(/^address must be an EVM address on /);
    // An unknown chain is the chain's rule's to report.
    expect(chainAddressProblem('x', 'nope')).toBeNull();
  });

  it('refuses what is not a string, or names an absent address with `missing`', () => {
    expect(chainAddressProblem(undefined, 'solana')).toBe('address must be a string');
    expect(chainAddressProblem(null, 'solana', { missing: 'address is required' })).toBe('address is required');
    expect(chainAddressProblem(7, 'solana', { missing: 'address is required' })).toBe('address must be a string');
  });

  it('without a chain: asks for one, takes either family, or leaves the form unchecked', () => {
    expect(chainAddressProblem(SOL, undefined, { withoutChain: 'required' })).toBe('chain is required with address');
    expect(chainAddressProblem(SOL, null, { withoutChain: 'required', chainProperty: 'network' })).toBe('network is required with address');
    expect(chainAddressProblem(EVM, undefined, { withoutChain: 'either' })).toBeNull();
    expect(chainAddressProblem('x', undefined, { withoutChain: 'either' })).toMatch(/^address must be a token contract address: /);
    expect(chainAddressProblem('x', undefined)).toBeNull();
  });

  it('with `notString`, judges a value that is not a string by its text, then refuses it', () => {
    expect(chainAddressProblem(undefined, 'solana', { notString: 'token must be an address on the chain' })).toBe(
      'address must be a Solana address: base58, 32-44 characters',
    );
    expect(chainAddressProblem([SOL], 'solana', { notString: 'token must be an address on the chain' })).toBe('token must be an address on the chain');
  });
});
