import { LedgerFoundation1763800000000 } from './1763800000000-LedgerFoundation';

/** Every migration, oldest first. Listed by class so compiled and ts-node runs load the same set. */
export const MIGRATIONS = [LedgerFoundation1763800000000];
