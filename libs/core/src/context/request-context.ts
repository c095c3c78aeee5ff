import { AsyncLocalStorage } from 'node:async_hooks';
import type { ToolContext } from '../tools/tool.types';

const storage = new AsyncLocalStorage<ToolContext>();

/**
 * The tool call a piece of code is running for. Deep layers (upstream clients, caches) read it
 * instead of having the context threaded through every signature.
 */
export const RequestContext = {
  run<T>(context: ToolContext, fn: () => Promise<T>): Promise<T> {
    return storage.run(context, fn);
  },
  current(): ToolContext | undefined {
    return storage.getStore();
  },
};
