import type { UpstreamsState } from '@scout-api/client';
import { credits, when } from '../../format';

const count = (n: number | null | undefined) => (n === null || n === undefined ? '—' : credits(n));

/** The data sources as the API process sees them: state, counters, provider keys and their credits, the live feed. */
export function Upstreams({ state }: { state: UpstreamsState }) {
  const counters = new Map(state.counters.map((c) => [c.source, c]));
  return (
    <>
      <table data-table="sources">
        <caption>Data sources: state and calls since this process started</caption>
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col">State</th>
            <th scope="col">Why, or what to set</th>
            <th scope="col" class="num">
              Calls
            </th>
            <th scope="col" class="num">
              Cache hits
            </th>
            <th scope="col" class="num">
              Failures
            </th>
          </tr>
        </thead>
        <tbody>
          {state.sources.map((s) => {
            const c = counters.get(s.name);
            return (
              <tr key={s.name} data-source={s.name}>
                <th scope="row">{s.name}</th>
                <td class={`state-${s.state}`}>
                  {s.state}
                  {s.state === 'down' && s.retryAt && <>, retry at {when(s.retryAt)}</>}
                </td>
                <td>
                  {s.detail ?? ''}
                  {s.setting && (
                    <>
                      {' '}
                      <code>{s.setting}</code>
                    </>
                  )}
                </td>
                <td class="num">{count(c?.calls)}</td>
                <td class="num">{count(c?.cacheHits)}</td>
                <td class="num">{count(c?.failures)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <table data-table="provider-keys">
        <caption>Provider keys (labels only) and the credits each has left, as its provider last said</caption>
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col">Key</th>
            <th scope="col">State</th>
            <th scope="col" class="num">
              Credits left
            </th>
            <th scope="col" class="num">
              Last call cost
            </th>
            <th scope="col">Seen</th>
          </tr>
        </thead>
        <tbody>
          {state.keys.length === 0 && (
            <tr>
              <td colSpan={6} class="muted">
                No provider keys.
              </td>
            </tr>
          )}
          {state.keys.map((k) => (
            <tr key={`${k.source}/${k.key}`}>
              <th scope="row">{k.source}</th>
              <td>
                <code>{k.key}</code>
              </td>
              <td>
                {k.state}
                {k.resetAt && <>, until {when(k.resetAt)}</>}
              </td>
              <td class="num">{count(k.credits?.remaining)}</td>
              <td class="num">{count(k.credits?.lastCost)}</td>
              <td>{when(k.credits?.seenAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Live feed in this process: {state.feed.listening ? 'listening' : 'not listening'}, {credits(state.feed.openWatches)} open watches,{' '}
        {credits(state.feed.delivered)} events delivered since start.
      </p>
    </>
  );
}
