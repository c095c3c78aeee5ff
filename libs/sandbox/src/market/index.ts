/** The sandbox's synthetic market. */
export * from './market';
