export * from './defi.module';
export * from './defi-tools.dto';
export * from './chain-tools.service';
export * from './protocol-tools.service';
export * from './market-tools.service';
export * from './price-confidence.service';
export { DEFILLAMA_CLIENT } from '@scout/upstream';
