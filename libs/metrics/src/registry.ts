import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The one registry of this process. Every Scout metric and the default process metrics (CPU,
 * memory, event loop lag, GC, handles: prom-client's `collectDefaultMetrics`, under their standard
 * names) register here, so `npm start` (API and worker in one process) serves both from one
 * endpoint, and a standalone worker serves its own.
 */
export const metricsRegistry = new Registry();

collectDefaultMetrics({ register: metricsRegistry });
