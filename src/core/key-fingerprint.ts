// What a shared ledger may know of an API key: enough to tell keys apart, nothing that gives one away.

const fingerprints = new Map<string, Promise<string>>();

/** 16 hex digits of the key's SHA-256: tells keys apart, and gives nothing of the key away. */
export function keyFingerprint(apiKey: string): Promise<string> {
  let fingerprint = fingerprints.get(apiKey);
  if (!fingerprint) {
    fingerprint = globalThis.crypto.subtle
      .digest('SHA-256', new TextEncoder().encode(apiKey))
      .then((digest) =>
        [...new Uint8Array(digest).slice(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join(''),
      );
    fingerprints.set(apiKey, fingerprint);
  }
  return fingerprint;
}
