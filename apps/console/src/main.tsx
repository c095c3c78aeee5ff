import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { whenUnauthorized } from './api';
import { identify, type Identity } from './identity';
import { href, useRoute, type Route } from './router';
import { currentKey, forgetKey } from './session';
import { AccountPage } from './pages/account';
import { AdminAccountPage } from './pages/admin-account';
import { AccountSearch } from './pages/admin-accounts';
import { AdminOverview } from './pages/admin-overview';
import { AuditLog } from './pages/audit';
import { SignIn } from './pages/sign-in';
import './styles.css';

/** The console: sign-in, then the account dashboard (any key) and the admin pages (admin scope). */
function App() {
  const [identity, setIdentity] = useState<Identity | null>(null);
  const [checking, setChecking] = useState(() => currentKey() !== null);
  const [notice, setNotice] = useState<string | null>(null);
  const route = useRoute();

  // A key kept by this tab (a reload): asked again who it is.
  useEffect(() => {
    const key = currentKey();
    if (!key) return;
    identify(key).then(
      (found) => {
        setIdentity(found);
        setChecking(false);
      },
      () => {
        forgetKey();
        setChecking(false);
      },
    );
  }, []);
  useEffect(
    () =>
      whenUnauthorized(() => {
        forgetKey();
        setIdentity(null);
        setNotice('Scout refused the key (revoked, or the account suspended): signed out.');
      }),
    [],
  );

  const signOut = () => {
    forgetKey();
    setIdentity(null);
    setNotice('Signed out: the key is forgotten.');
    location.hash = '';
  };

  if (checking) return <p class="muted">Checking the key…</p>;
  if (!identity)
    return (
      <SignIn
        notice={notice}
        onSignedIn={(found) => {
          setNotice(null);
          setIdentity(found);
          location.hash = found.me ? href(['account']) : href(['admin']);
        }}
      />
    );
  return (
    <>
      <header class="top">
        <strong>Scout console</strong>
        <nav aria-label="Pages">
          {identity.me && <a href={href(['account'])}>Account</a>}
          {identity.admin && (
            <>
              <a href={href(['admin'])}>Overview</a>
              <a href={href(['admin', 'accounts'])}>Accounts</a>
              <a href={href(['admin', 'audit'])}>Audit log</a>
            </>
          )}
        </nav>
        <span class="who">{identity.me ? identity.me.account.name : 'admin key'}</span>
        <button type="button" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main>
        <Page route={route} identity={identity} />
      </main>
    </>
  );
}

function Page({ route, identity }: { route: Route; identity: Identity }) {
  const [first, second, third] = route.parts;
  if (first === 'admin') {
    if (!identity.admin)
      return (
        <p role="alert" class="error">
          The admin pages need a key with the admin scope; this key has only {identity.me?.key.scopes.join(', ')}.
        </p>
      );
    if (second === 'accounts' && third) return <AdminAccountPage id={third} />;
    if (second === 'accounts') return <AccountSearch q={route.params.get('q') ?? ''} />;
    if (second === 'audit') return <AuditLog params={route.params} />;
    return <AdminOverview />;
  }
  if (identity.me) return <AccountPage />;
  return <AdminOverview />;
}

render(<App />, document.getElementById('app')!);
