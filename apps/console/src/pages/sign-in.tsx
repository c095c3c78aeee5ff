import { useState } from 'preact/hooks';
import { describe } from '../load';
import { keepKey, looksLikeKey } from '../session';
import { identify, type Identity } from '../identity';

/** Paste a key: it is checked with Scout, then kept for this tab only. */
export function SignIn({ onSignedIn, notice }: { onSignedIn: (identity: Identity) => void; notice?: string | null }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const text = key.trim();
    if (!looksLikeKey(text)) {
      setError('A Scout key starts with sc_ followed by 24 to 128 letters, digits, _ or -.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const identity = await identify(text);
      keepKey(text);
      setKey('');
      onSignedIn(identity);
    } catch (e) {
      setError(describe(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="sign-in">
      <h1>Scout console</h1>
      <p>
        Paste an API key. A customer key opens its account; a key with the admin scope opens the admin console too. The key is kept in this tab only and
        forgotten when you sign out or close the tab.
      </p>
      {notice && <p role="status">{notice}</p>}
      <form onSubmit={(e) => void submit(e)} autocomplete="off">
        <label for="key">API key</label>
        <input id="key" name="key" type="password" value={key} onInput={(e) => setKey(e.currentTarget.value)} spellcheck={false} required />
        <button type="submit" class="primary" disabled={busy}>
          Sign in
        </button>
      </form>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </main>
  );
}
