import { createHmac } from 'node:crypto';
import { newSigningSecret, secretKey, signWebhook, webhookHeaders } from './webhook-signature';

describe('Standard Webhooks signing', () => {
  // A fixed vector: the key is the bytes 0x00..0x1f, the message id, timestamp and body are fixed,
  // and the expected MAC is computed here with node:crypto directly over the spec's signed content.
  const keyBytes = Buffer.from(Array.from({ length: 32 }, (_, i) => i));
  const secret = `whsec_${keyBytes.toString('base64')}`;
  const id = 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W';
  const timestamp = 1674087231;
  const body = '{"type":"alert.fired","data":{"alertId":"a1"}}';

  it('signs `${id}.${timestamp}.${body}` with HMAC-SHA256 under the secret bytes, as v1,<base64>', () => {
    const expected = createHmac('sha256', keyBytes).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64');
    expect(signWebhook(secret, id, timestamp, body)).toBe(`v1,${expected}`);
  });

  it('matches the vector from the spec text (secret whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw)', () => {
    // Computed independently: printf 'msg_p5jXN8AQM9LWM0D4loKWxJek.1614265330.{"test": 2432232314}' |
    //   openssl dgst -sha256 -mac HMAC -macopt hexkey:$(echo MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw | base64 -d | xxd -p) -binary | base64
    expect(signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('changes with any part of the message', () => {
    const base = signWebhook(secret, id, timestamp, body);
    expect(signWebhook(secret, `${id}x`, timestamp, body)).not.toBe(base);
    expect(signWebhook(secret, id, timestamp + 1, body)).not.toBe(base);
    expect(signWebhook(secret, id, timestamp, `${body} `)).not.toBe(base);
  });

  it('gives the three headers, timestamp in unix seconds', () => {
    expect(webhookHeaders(secret, id, timestamp, body)).toEqual({
      'webhook-id': id,
      'webhook-timestamp': '1674087231',
      'webhook-signature': signWebhook(secret, id, timestamp, body),
    });
  });

  it('makes secrets of whsec_ and base64 of at least 24 random bytes, never the same twice', () => {
    const a = newSigningSecret();
    const b = newSigningSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(secretKey(a).length).toBeGreaterThanOrEqual(24);
    expect(a).not.toBe(b);
  });

  it('refuses a secret without the whsec_ prefix', () => {
    expect(() => signWebhook(keyBytes.toString('base64'), id, timestamp, body)).toThrow(/whsec_/);
  });
});
