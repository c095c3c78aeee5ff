import { checkClientMetadata, redirectUriRefusal } from './oauth-client';
import { OAuthProblem } from './oauth.errors';

const problem = (work: () => unknown): string | null => {
  try {
    work();
    return null;
  } catch (error) {
    if (error instanceof OAuthProblem) return `${error.code}: ${error.message}`;
    throw error;
  }
};

describe('redirectUriRefusal: where an authorization code may be sent', () => {
  it.each([
    'https://claude.ai/api/mcp/auth_callback',
    'http://127.0.0.1:33418/callback',
    'http://localhost:8080/cb',
    'http://[::1]:9000/cb',
    'cursor://anysphere.cursor-mcp/oauth/callback',
    'com.example.app:/oauth2redirect',
  ])('takes %s', (uri) => expect(redirectUriRefusal(uri)).toBeNull());

  it.each([
    ['http://app.example/callback', /loopback/],
    ['https://app.example/callback#frag', /fragment/],
    ['https://user:pw@app.example/cb', /credentials/],
    ['javascript:alert(1)', /javascript scheme/],
    ['data:text/html,hi', /data scheme/],
    ['file:///etc/passwd', /file scheme/],
    ['not a url', /not a URL/],
  ])('refuses %s', (uri, reason) => expect(redirectUriRefusal(uri)).toMatch(reason));
});

describe('checkClientMetadata: what Scout keeps of a client', () => {
  it('keeps the fields it uses, and registers every client as public', () => {
    const kept = checkClientMetadata(
      {
        redirect_uris: ['https://app.example/cb', 'https://app.example/cb'],
        client_name: ' App ',
        token_endpoint_auth_method: 'client_secret_basic',
        logo_uri: 'https://app.example/logo.png',
        scope: 'tools admin',
      },
      'dcr',
    );
    expect(kept).toEqual({
      redirect_uris: ['https://app.example/cb'],
      client_name: 'App',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    });
  });

  it('refuses what no public client could use', () => {
    expect(problem(() => checkClientMetadata({ redirect_uris: [] }, 'dcr'))).toMatch(/^invalid_redirect_uri/);
    expect(problem(() => checkClientMetadata({ redirect_uris: ['http://app.example/cb'] }, 'dcr'))).toMatch(/^invalid_redirect_uri/);
    expect(problem(() => checkClientMetadata({ redirect_uris: ['https://a.example/cb'], grant_types: ['client_credentials'] }, 'dcr'))).toMatch(
      /^invalid_client_metadata/,
    );
    expect(problem(() => checkClientMetadata({ redirect_uris: ['https://a.example/cb'], response_types: ['token'] }, 'dcr'))).toMatch(
      /^invalid_client_metadata/,
    );
    expect(problem(() => checkClientMetadata({ redirect_uris: ['https://a.example/cb'], client_name: 'x'.repeat(201) }, 'dcr'))).toMatch(/client_name/);
    expect(problem(() => checkClientMetadata('[]', 'dcr'))).toMatch(/JSON object/);
  });

  it('a metadata document must itself be public: no secret, auth method none', () => {
    expect(problem(() => checkClientMetadata({ redirect_uris: ['https://a.example/cb'], token_endpoint_auth_method: 'private_key_jwt' }, 'cimd'))).toMatch(
      /must be none/,
    );
    expect(problem(() => checkClientMetadata({ redirect_uris: ['https://a.example/cb'], client_secret: 'x' }, 'cimd'))).toMatch(/secret/);
    expect(problem(() => checkClientMetadata({ redirect_uris: ['https://a.example/cb'], token_endpoint_auth_method: 'none' }, 'cimd'))).toBeNull();
  });
});
